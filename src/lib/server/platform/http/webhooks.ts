import { errorResponse, HttpError, readBodyBytes } from './endpoint.ts';

// What the stores' webhooks (issue 32) share: the raw body their signature is computed over, and the answers to a
// delivery that is not the store's. Their signature stands in for the cross-site check (middleware.ts).

/** The path under which every webhook lives: the middleware's cross-site check leaves it to the signature. */
export const WEBHOOK_PATH_PREFIX = '/api/webhooks/';

/** Largest webhook body accepted: a store's order, however many lines, is far smaller. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** The body as it arrived, byte for byte, for its signature: at most MAX_WEBHOOK_BYTES, else a thrown 413. */
export function readWebhookBody(request: Request): Promise<Buffer> {
  return readBodyBytes(request, MAX_WEBHOOK_BYTES, () => new HttpError(413, 'The request body is larger than 1 MB.'));
}

/** A missing, wrong or stale signature: 401, saying nothing of which, so a prober learns nothing. */
export const unsignedWebhook = () => errorResponse(401, 'Unauthorized.');
