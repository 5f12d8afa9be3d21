/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./lib/server/users.ts').User | null;
    session: import('./lib/server/auth.ts').Session | null;
    /** Where the request came from, for rate limits: set by the site's server (src/lib/server/client-address.ts). */
    clientAddress: string;
  }
}
