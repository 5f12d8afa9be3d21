// Zod-free and server-free: the page (on the server) and the island (in the browser) both import this file.

export { clubRecord as toProfileClub } from '#lib/club-types.ts';
export type { ClubRecord as ProfileClub, MembershipType } from '#lib/club-types.ts';

/** A book a host can buy for the circle (src/content/products.yaml). */
export interface Product {
  id: string;
  name: string;
  price: string;
  description: string;
  href: string;
}
