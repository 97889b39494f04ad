import { Type } from '@sinclair/typebox';
import { AnyObject, component, Dict, StringEnum } from '../kit.js';

export const ErrorBody = component(
  'Error',
  Type.Object(
    {
      error: StringEnum([
        'VALIDATION_ERROR',
        'UNAUTHORIZED',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'REQUEST_TIMEOUT',
        'PAYLOAD_TOO_LARGE',
        'UNSUPPORTED_MEDIA_TYPE',
        'EXPECTATION_FAILED',
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
        'UNPROCESSABLE',
        'RATE_LIMITED',
        'INTERNAL_ERROR',
        'UNAVAILABLE',
      ]),
      message: Type.String(),
      details: AnyObject(),
    },
    { additionalProperties: false },
  ),
);
export const Pagination = component('Pagination', Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }));
export const Accepted = component('Accepted', Type.Object({ message: Type.String() }, { additionalProperties: false }));
export const Health = component(
  'Health',
  Type.Object(
    {
      status: StringEnum(['ok', 'unavailable']),
      checks: Dict(Type.String(), { description: 'Per service: `ok` or the reason it is not ready.' }),
    },
    { additionalProperties: false },
  ),
);

/** The body of a POST that takes none: nothing, or an empty JSON object. */
export const EmptyBody = Type.Object({}, { additionalProperties: false, title: 'The body must be an empty JSON object, or none' });
