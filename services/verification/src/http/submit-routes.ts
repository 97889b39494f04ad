import { AppError } from '@cred/runtime';
import type { VerificationContext } from '../app/context.js';
import { verifySubmitted } from '../app/verify-submitted.js';
import { MAX_UPLOAD_BYTES, mediaType, readBody, readJsonBody, readMultipartFile } from './body.js';
import { sendJson, type Route } from './respond.js';

/**
 * POST /api/verify/credential: the credential (or `{"credential": ..., "recipient": ...}`) as
 * JSON, 64 KiB at most. Any platform's OB 3.0 credential or Open Badges 2.0 assertion (JSON, JWS
 * or a hosted assertion's URL); ours are also checked against our read model.
 */
export const verifyCredentialRoute: Route<VerificationContext> = {
  name: 'verify-credential-post',
  pattern: /^\/api\/verify\/credential$/,
  methods: ['POST'],
  async handle(req, res, _match, ctx) {
    const body = await readJsonBody(req);
    const result = await verifySubmitted(ctx, { kind: 'credential', body }, 'api');
    sendJson(res, 200, result, { cacheControl: 'no-store' });
  },
};

const RAW_IMAGE_TYPES = new Set(['image/png', 'image/svg+xml']);

/**
 * POST /api/verify/baked: a baked badge as multipart (field `file`, and optionally `recipient`,
 * an e-mail address to compare with an Open Badges 2.0 recipient) or as a raw `image/png` /
 * `image/svg+xml` body, 5 MiB at most. A PNG or SVG without a credential is a 400.
 */
export const verifyBakedRoute: Route<VerificationContext> = {
  name: 'verify-baked-post',
  pattern: /^\/api\/verify\/baked$/,
  methods: ['POST'],
  async handle(req, res, _match, ctx) {
    const type = mediaType(req);
    let bytes: Buffer;
    let contentType: string | undefined;
    let recipient: string | undefined;
    if (type === 'multipart/form-data') {
      let fields: Record<string, string>;
      ({ bytes, contentType, fields } = await readMultipartFile(req, 'file', MAX_UPLOAD_BYTES, ['recipient']));
      recipient = fields['recipient'] || undefined;
    } else if (RAW_IMAGE_TYPES.has(type)) {
      bytes = await readBody(req, MAX_UPLOAD_BYTES, 'The image');
      contentType = type;
    } else {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the badge as multipart/form-data (field "file"), image/png or image/svg+xml', {
        supported: ['multipart/form-data', 'image/png', 'image/svg+xml'],
      });
    }
    const result = await verifySubmitted(ctx, { kind: 'baked', bytes, contentType, ...(recipient ? { recipient } : {}) }, 'baked');
    sendJson(res, 200, result, { cacheControl: 'no-store' });
  },
};
