import type { APIRoute } from 'astro';
import { zipCodeParamsSchema } from '#lib/schemas/clubs.ts';
import { json, notFound, validate } from '#server/platform/http/endpoint.ts';
import { timeZoneOfZipCode } from '#server/clubs/index.ts';

export const prerender = false;

/** The time zone at a ZIP code, which the club forms prefill. Public: ZIP codes and time zones are no secret, and never change under a running site. */
export const GET: APIRoute = async ({ params }) => {
  const { zipCode } = validate(zipCodeParamsSchema, { zipCode: params.zip });
  const timeZone = await timeZoneOfZipCode(zipCode);
  if (!timeZone) return notFound('No time zone is known for this ZIP code.');
  return json({ zipCode, timeZone }, 200, { 'cache-control': 'public, max-age=86400' });
};
