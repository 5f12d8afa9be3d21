import type { APIRoute } from 'astro';
import { verifyCodeSchema } from '#lib/schemas/clubs.ts';
import { isHostSetCodeAvailable } from '#server/codes/index.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/** Whether a HOST SET code can register a club: issued, and neither redeemed nor revoked. */
export const POST: APIRoute = async ({ request, locals: { clientAddress } }) => {
  const { hostSetCode: code } = await parseJsonBody(request, verifyCodeSchema);

  const limited = await limits.codeAttempts.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many code checks. Please try again later.');

  return json({ isValid: await isHostSetCodeAvailable(code), code });
};
