import type { RateLimit } from '#server/platform/rate-limits/rate-limit.ts';
import { HttpError, TOO_MANY_ATTEMPTS, tooManyRequests } from './endpoint.ts';

/** A 429 refusal: a rate limit is used up, and Retry-After says how long to wait. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = TOO_MANY_ATTEMPTS) {
    super(429, message);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = retryAfterSeconds;
  }

  override toResponse(): Response {
    return tooManyRequests(this.retryAfterSeconds, this.message);
  }
}

/** Counts one attempt against `rateLimit` for `key`; throws a 429 saying `message` when the limit is used up. */
export async function limit(rateLimit: RateLimit, key: string, message?: string): Promise<void> {
  const limited = await rateLimit.consume(key);
  if (limited) throw new TooManyRequestsError(limited.retryAfterSeconds, message);
}
