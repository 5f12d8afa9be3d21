/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    user: import('#server/auth/index.ts').User | null;
    session: import('#server/auth/index.ts').Session | null;
    /**
     * Where the request came from, for rate limits: the client's address (src/lib/server/platform/http/client-address.ts),
     * or an IPv6 client's /64 network (rateLimitClientOf in src/lib/server/platform/client-network.ts), set by the middleware.
     */
    clientAddress: string;
    /**
     * The port this server listens on, from the connection (never the Host header): the loopback demo origin's
     * (src/lib/server/platform/http/origin.ts). Set by the site's server, which may listen on a random port (PORT=0).
     */
    serverPort: number;
    /**
     * The request's own method when the fetch API cannot carry it (TRACE, TRACK, CONNECT): the site's server hands
     * such a request to Astro as a HEAD, and the middleware refuses it (src/lib/server/platform/http/site-handler.ts).
     */
    requestMethod?: string;
    /** The outcome of a form posted without JavaScript, shown once by the page it returned to (src/middleware.ts). */
    formFlash?: import('#lib/shared/form-posts.ts').FormFlash | null | undefined;
    /**
     * Set by a page that keeps its rendered HTML by what it was rendered from (renderedPageKey): the middleware keeps the
     * answer under it (src/lib/server/platform/http/rendered-pages.ts).
     */
    renderedPageKey?: string | null;
  }
}
