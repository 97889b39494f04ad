import { openApiDocument } from '../openapi/openapi.js';
import { documentedRouter, type DocumentedRouter } from './routes-kit.js';

/** GET /api/v1/openapi.json: public, no API key needed. */
export function openApiRoute(): DocumentedRouter {
  const router = documentedRouter(['/api/v1']);
  const body = JSON.stringify(openApiDocument);
  router.get('/openapi.json', (_req, res) => {
    res.status(200).type('application/json').setHeader('Cache-Control', 'public, max-age=300');
    res.send(body);
  });
  return router;
}
