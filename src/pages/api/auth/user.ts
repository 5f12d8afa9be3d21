import type { APIRoute } from 'astro';
import { findClubIdByOwner } from '#server/clubs/index.ts';
import { isEmailConfirmed, requireUser } from '#server/auth/index.ts';
import { json } from '#server/platform/http/endpoint.ts';
import { findGuide } from '#server/guides/index.ts';

export const prerender = false;

/**
 * The signed-in user; `isGuide` once the account has reserved a licence or registered as a guide; `emailConfirmed`
 * once its email confirmation link has been used.
 */
export const GET: APIRoute = async ({ locals }) => {
  const { id, email, username, role } = requireUser(locals).user;
  const [clubId, guide, emailConfirmed] = await Promise.all([
    role === 'host' ? findClubIdByOwner(id) : null,
    findGuide(id),
    isEmailConfirmed(id),
  ]);
  return json({ id, email, username, role, clubId, isGuide: guide !== null, emailConfirmed });
};
