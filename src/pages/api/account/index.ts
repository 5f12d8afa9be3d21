import type { APIRoute } from 'astro';
import { accountDetailsSchema } from '#lib/schemas/account.ts';
import { findAccountDetails, updateAccountDetails } from '#server/app/accounts.ts';
import { requireMember } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The signed-in host's or guide's account: email and whether it is confirmed, name, phone, club and guide record. */
export const GET: APIRoute = async ({ locals }) => {
  const { user } = requireMember(locals);
  const account = await findAccountDetails(user.id);
  return account ? json(account) : notFound('Account not found.');
};

/** Changes the account holder's name and phone. */
export const PATCH: APIRoute = async ({ request, locals }) => {
  const { user } = requireMember(locals);
  const details = await parseJsonBody(request, accountDetailsSchema);
  const account = await updateAccountDetails(user.id, details);
  return account ? json(account) : notFound('Account not found.');
};
