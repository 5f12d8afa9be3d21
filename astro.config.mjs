// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { AstroError } from 'astro/errors';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { wantedStatePath } from '#lib/demand/counts.ts';
import { RESERVE_AREA_CARD_SCRIPT } from '#lib/licensing/area-card-space.ts';
import { LANGUAGES, pathIn } from '#lib/shared/languages.ts';
import { STATE_CODES } from '#lib/places/us-states.ts';
import { BASELINE_DIRECTIVES, sha256Source } from '#server/platform/http/content-security-policy.ts';
import { publishBuilds } from '#server/platform/published-builds.ts';
import { siteUrlOf } from '#server/platform/http/origin.ts';

// Builds and `astro dev` read .env as `npm run serve` does (the environment wins over the file): SITE_URL decides the
// canonical URLs and the sitemap written at build time, DATABASE_URL the database of the dev server.
if (existsSync('.env')) process.loadEnvFile('.env');

/** @type {import('#server/app/worker.ts').Worker | undefined} */
let devWorker;

/**
 * `astro dev` gets the same database as `npm start` (embedded PGlite unless DATABASE_URL is set) and the same job
 * worker, so its emails go out (to `.data/mail/` without SMTP_URL) as they would in production. Both are loaded through
 * the dev server's own module runner, so that they are the very modules its routes use.
 */
const databaseInDev = {
  name: 'flamekeeper:database',
  hooks: {
    /** @param {{ server: import('vite').ViteDevServer }} options */
    'astro:server:setup': async ({ server }) => {
      const { runner } = /** @type {import('vite').RunnableDevEnvironment} */ (server.environments.ssr);
      /** @type {typeof import('#server/app/startup.ts')} */
      const { prepareDatabase } = await runner.import('#server/app/startup.ts');
      /** @type {typeof import('#server/app/worker.ts')} */
      const { startWorker } = await runner.import('#server/app/worker.ts');
      const database = await prepareDatabase();
      devWorker = startWorker(database.sql);
    },
    'astro:server:done': async () => {
      await devWorker?.stop();
    },
  },
};

/**
 * Every installed package that imports React, directly or through another: bundled for the server, so that it shares
 * the one ES-module Preact of the islands' renderer. Left to Node, several load CommonJS builds, and with them a second
 * Preact whose hooks find no component. Read from the lockfile, so a new such package needs no entry here.
 */
function packagesUsingReact() {
  const lock = JSON.parse(readFileSync(new URL('./package-lock.json', import.meta.url), 'utf8'));
  const installed = Object.entries(lock.packages)
    .filter(([key]) => key !== '')
    .map(([key, info]) => ({
      name: key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length),
      uses: Object.keys({ ...info.dependencies, ...info.peerDependencies }),
    }));
  const users = new Set(['react', 'react-dom']);
  for (let grew = true; grew;) {
    grew = false;
    for (const { name, uses } of installed) {
      if (!users.has(name) && uses.some((used) => users.has(used))) grew = users.add(name).size > 0;
    }
  }
  return [...users];
}

/** The project's root as Astro resolved it, for the dev server's checks of edited files. */
let contentRoot = new URL('./', import.meta.url);

/**
 * Every file of src/content/ checked before anything is built (scripts/content/check.ts): a broken file stops
 * `astro build` and the start of `astro dev` with its line and what is wrong, where Astro's loaders would log an error
 * and build the page without its words. While `astro dev` runs, an edited file is checked again and its problems logged.
 * @type {import('astro').AstroIntegration}
 */
const contentCheck = {
  name: 'flamekeeper:content-check',
  hooks: {
    'astro:config:setup': async ({ config }) => {
      contentRoot = config.root;
      const problems = await contentProblems(config.root);
      if (problems.length > 0) {
        throw new AstroError(
          `The content files have ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.join('\n')}`,
          'Fix them and build again; `npm run content:check` checks the files in seconds without building.',
        );
      }
    },
    'astro:server:setup': ({ server, logger }) => {
      server.watcher.on('change', async (changed) => {
        const file = path.relative(fileURLToPath(contentRoot), changed).split(path.sep).join('/');
        if (!file.startsWith('src/content/')) return;
        for (const problem of await contentProblems(contentRoot, file)) logger.error(problem);
      });
    },
  },
};

/**
 * The problems of the content files (of `only` when given), one line each.
 * @param {URL} root
 * @param {string} [only]
 */
async function contentProblems(root, only) {
  const { checkContent, formatProblem } = await import('./scripts/content/check.ts');
  return (await checkContent(root))
    .filter(({ file }) => only === undefined || file === only)
    .flatMap(({ file, problems }) => problems.map((problem) => formatProblem(file, problem)));
}

/**
 * Brotli and gzip copies of the client build's text files, which the server sends to browsers that accept them.
 * @type {import('astro').AstroIntegration}
 */
const precompress = {
  name: 'flamekeeper:precompress',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const { precompressBuild } = await import('#server/platform/http/static-files.ts');
      await precompressBuild(fileURLToPath(dir));
    },
  },
};

const site = siteUrlOf(process.env);

export default defineConfig({
  site,
  // Content pages are prerendered; API routes, profiles and admin pages opt out with `prerender = false`.
  output: 'static',
  // Middleware mode: scripts/serve.ts owns the HTTP server (logging, SIGTERM drain) and serves static files itself.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    contentCheck,
    // Islands are written against React's API and run on preact/compat (docs/decisions/006); package.json makes
    // `react` and `react-dom` npm aliases of @preact/compat, so every package that imports React gets Preact too.
    preact({ compat: true }),
    databaseInDev,
    sitemap({
      filter: (page) =>
        !/\/(admin-|club-profile|club-check-in|join-request|confirm-email|cancel-email-change|message-replied|login|club-registration|my-licences|account|reset-password|alerts|your-club|unsubscribe)/.test(
          new URL(page).pathname,
        ),
      // The clubs' and guides' pages are rendered on demand, and so are their sitemaps (src/pages/sitemap-*.xml.ts).
      customSitemaps: [new URL('/sitemap-clubs.xml', site).href, new URL('/sitemap-guides.xml', site).href],
      // Where clubs are wanted in each state (/wanted/{state}) and its Spanish twin: rendered on demand, one page per
      // state and language, always there, each naming the other as the prerendered twins do (i18n, below).
      customPages: STATE_CODES.flatMap((code) => LANGUAGES.map((language) => new URL(pathIn(language, wantedStatePath(code)), site).href)),
      // A page and its Spanish twin list each other, as their <link rel="alternate" hreflang> do (docs/decisions/041),
      // and the English one as x-default.
      i18n: { defaultLocale: 'en', locales: { en: 'en', es: 'es' } },
      serialize: (item) =>
        item.links
          ? { ...item, links: [...item.links, { url: item.links.find(({ lang }) => lang === 'en')?.url ?? item.url, lang: 'x-default' }] }
          : item,
    }),
    // Last, so that it compresses what the others wrote too.
    precompress,
    // Each build into a new folder under .builds/, published as dist once complete (docs/decisions/026).
    publishBuilds(),
  ],
  security: {
    // The middleware applies Astro's origin check itself (refuseForeignFormPosts), leaving out the one-click unsubscribe
    // of the alert emails, which mail readers post with no Origin (RFC 8058); Astro's own cannot leave out a path.
    checkOrigin: false,
    // A hash for every script and style Astro emits: in a <meta> on prerendered pages, in the Content-Security-Policy
    // header on on-demand ones. The server adds frame-ancestors, which a <meta> cannot hold (http-server.ts).
    csp: {
      directives: ["default-src 'self'", ...BASELINE_DIRECTIVES],
      styleDirective: {
        // Radix Toast's region is server-rendered with style="pointer-events:none;". 'unsafe-hashes' with that one
        // hash allows exactly this attribute, not every inline style (tests/api/security-headers.test.ts fails if
        // the rendered text changes). Styles that scripts set (islands, Radix) go through the CSSOM, which CSP
        // does not restrict.
        resources: [{ resource: "'unsafe-hashes'", kind: 'attribute' }],
        hashes: [{ hash: sha256Source('pointer-events:none;'), kind: 'attribute' }],
      },
      // /area-search's inline script that reserves the area card's place before the first paint (area-card-space.ts).
      scriptDirective: { hashes: [sha256Source(RESERVE_AREA_CARD_SCRIPT)] },
    },
  },
  // Shiki colours code with inline styles, which the policy refuses; the content has no code blocks to colour.
  markdown: { syntaxHighlight: false },
  // English at today's addresses, Spanish under /es (docs/decisions/041); an address under /en/ answers 404.
  i18n: { locales: ['en', 'es'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  trailingSlash: 'never',
  build: { format: 'file' },
  vite: {
    plugins: [tailwindcss()],
    // The built server loads src/lib/server from its source, as scripts/serve.ts does, instead of bundling a second copy
    // of each module: one connection pool, one job worker and one set of settings per process. Site content alone is
    // bundled, since it reads Astro's content collections (astro:content), which exist only inside the build.
    build: { rolldownOptions: { external: [/^#server\/(?!platform\/site-content\.ts$)/] } },
    environments: { ssr: { resolve: { noExternal: packagesUsingReact() } }, prerender: { resolve: { noExternal: packagesUsingReact() } } },
  },
});
