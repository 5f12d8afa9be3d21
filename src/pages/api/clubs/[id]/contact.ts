import { json } from '#server/platform/http/endpoint.ts';
import { contactRoute } from './_contact.ts';

export const prerender = false;

/** One verified club and its host's email, fetched when the directory's dialog opens. */
export const GET = contactRoute((contact) => json(contact));
