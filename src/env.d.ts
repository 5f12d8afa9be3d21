/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('#server/auth/users.ts').User | null;
    session: import('#server/auth/sessions.ts').Session | null;
    /** Where the request came from, for rate limits: set by the site's server (src/lib/server/http/client-address.ts). */
    clientAddress: string;
  }
}
