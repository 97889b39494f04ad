import { Router } from 'express';
import { openApiDocument } from '../openapi/openapi.js';

/** GET /api/v1/openapi.json: public, no API key needed. */
export function openApiRoute(): Router {
  const router = Router();
  const body = JSON.stringify(openApiDocument);
  router.get('/openapi.json', (_req, res) => {
    res.status(200).type('application/json').setHeader('Cache-Control', 'public, max-age=300');
    res.send(body);
  });
  return router;
}
