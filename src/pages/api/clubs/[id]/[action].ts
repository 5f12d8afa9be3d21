import type { APIRoute } from 'astro';
import { setClubMembership, setClubVerification } from '../../../../lib/server/admin-clubs.ts';
import { requireAdmin } from '../../../../lib/server/authorize.ts';
import type { Club } from '../../../../lib/server/clubs.ts';
import { json, notFound } from '../../../../lib/server/http.ts';
import { parseId } from '../../../../lib/server/params.ts';
import type { User } from '../../../../lib/server/users.ts';

export const prerender = false;

/** The Club Management card's actions, for the admin only. */
const ACTIONS: Record<string, (id: number, admin: User) => Promise<Club | null>> = {
  verify: (id, admin) => setClubVerification(id, true, admin),
  unverify: (id, admin) => setClubVerification(id, false, admin),
  'set-lifetime': (id, admin) => setClubMembership(id, 'lifetime', admin),
  'set-yearly': (id, admin) => setClubMembership(id, 'yearly', admin),
};

export const POST: APIRoute = async ({ params, locals }) => {
  const act = Object.hasOwn(ACTIONS, params.action ?? '') ? ACTIONS[params.action!] : undefined;
  if (!act) return notFound();
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const id = parseId(params.id);
  const club = id === null ? null : await act(id, auth.admin);
  return club ? json(club) : notFound('Club not found.');
};
