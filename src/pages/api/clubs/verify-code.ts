import type { APIRoute } from 'astro';
import { verifyCodeSchema } from '#lib/schemas/clubs.ts';
import { isHostSetCodeAvailable } from '#server/codes/index.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/** Whether a HOST SET code can register a club: issued, and neither redeemed nor revoked. */
export const POST: APIRoute = async ({ request, locals: { clientAddress } }) => {
  const { hostSetCode: code } = await parseJsonBody(request, verifyCodeSchema);

  await limit(limits.codeAttempts, clientAddress, 'Too many code checks. Please try again later.');

  return json({ isValid: await isHostSetCodeAvailable(code), code });
};
