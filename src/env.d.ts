/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('./lib/server/users.ts').User | null;
    session: import('./lib/server/auth.ts').Session | null;
  }
}
