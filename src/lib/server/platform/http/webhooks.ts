import { errorResponse, HttpError, readBodyBytes } from './endpoint.ts';

// What the stores' webhook routes (src/pages/api/webhooks/) share. Their signatures stand in for the cross-site check
// (middleware.ts) and for a session.

/** The largest webhook body read: a store's order, with every field its store sends, is a few tens of KB. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** A webhook's raw body, the very bytes its signature covers: a 413 when it is over 1 MB, before reading further. */
export const readWebhookBody = (request: Request): Promise<Buffer> =>
  readBodyBytes(request, MAX_WEBHOOK_BYTES, () => new HttpError(413, 'The request body is larger than 1 MB.'));

/** A delivery whose signature is missing or wrong: 401, without saying which check failed. */
export const refuseUnsigned = (): Response => errorResponse(401, 'Unauthorized.');
