import type { APIRoute } from 'astro';
import { guideProfileSchema } from '#lib/schemas/guides.ts';
import { requireUser } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { findProfile, NO_GUIDE_PROFILE, updateProfile } from '#server/guides/index.ts';

export const prerender = false;

/** The signed-in account's public profile as a guide; 404 for an account with no guide record. */
export const GET: APIRoute = async ({ locals }) => {
  const { user } = requireUser(locals);
  const profile = await findProfile(user.id);
  return profile ? json(profile) : notFound(NO_GUIDE_PROFILE);
};

/** Saves what the guide shows visitors (the photo has its own route); the profile as saved. */
export const PUT: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  const input = await parseJsonBody(request, guideProfileSchema);
  const profile = await updateProfile(user.id, input);
  return profile ? json(profile) : notFound(NO_GUIDE_PROFILE);
};
