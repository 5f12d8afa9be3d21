import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layer rules of docs and architecture.md, checked rather than remembered. Each group of files gets one
// no-restricted-imports entry (a later entry for the same files would replace an earlier one, not add to it).
const relativeClimb = {
  regex: '^[.][.]/(?!styles/)',
  message: 'Import from another folder through a package alias (#server/…, #lib/…, #components/…).',
};
const serverCode = {
  regex: '^#server/|/lib/server/',
  message: 'Browser code never imports server code: share types and schemas through src/lib.',
};
const httpCode = {
  regex: '^(#server/platform/http/|astro$|astro:)',
  message: 'Repositories hold data access only: HTTP belongs to the endpoints and src/lib/server/platform/http.',
};

// The server's three storeys (architecture.md): platform knows no domain, a domain knows no app, and a domain reaches
// another only through that domain's public index.ts. The domains are the folders between the two, read here so that
// a new domain's folder is held with no edit.
const server = 'src/lib/server';
const domains = readdirSync(fileURLToPath(new URL(server, import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform' && entry.name !== 'app')
  .map((entry) => entry.name);

/** Outside src/lib/server (routes, pages, middleware, scripts), a domain's one face too is its index.ts. */
const domainFace = {
  regex: '(^#server/|/lib/server/)(?!platform/|app/)[^/]+/(?!index[.]ts$)',
  message: 'Import a server domain through its public file, #server/<domain>/index.ts (platform and app need not).',
};

/** Server folders that hold data access and domain rules, never HTTP (auth's by file: sessions, sign-in speak it). */
const repositories = [
  `${server}/{app,${domains.filter((domain) => domain !== 'auth').join(',')}}/**`,
  'src/lib/server/platform/{db,email,rate-limits}/**',
  'src/lib/server/platform/audit.ts',
  'src/lib/server/auth/{users,password,password-resets,password-changes,owner-name-read-model,admin-bootstrap,account-emails,identifiers,index}.ts',
];

const storeyZones = [
  {
    target: `${server}/platform`,
    from: [`${server}/app`, ...domains.map((domain) => `${server}/${domain}`)],
    message: 'The platform storey knows no domain and no app: move the shared part down, or pass it in.',
  },
  ...domains.map((domain) => ({
    target: `${server}/${domain}`,
    from: `${server}/app`,
    message: 'A domain never imports the app storey (start-up, worker, seed), which wires the domains together.',
  })),
  ...domains.map((domain) => ({
    target: `${server}/!(${domain})/**`,
    from: `${server}/${domain}/**`,
    except: [`**/${server}/${domain}/index.ts`],
    message: `Import the ${domain} domain through its public file, #server/${domain}/index.ts.`,
  })),
];

// The islands wear the server's domain names (src/components/islands/<domain>/), and one domain's islands reach
// another's only through islands/shared, which reaches none of them. The folders are read here, as the domains are.
const islands = 'src/components/islands';
const islandFolders = readdirSync(fileURLToPath(new URL(islands, import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);
const islandZones = [
  ...islandFolders.map((folder) => ({
    target: `${islands}/${folder}`,
    from: `${islands}/!(${folder}|shared)/**`,
    message: `The ${folder} islands reach another domain's islands only through src/components/islands/shared.`,
  })),
  {
    target: `${islands}/shared`,
    from: islandFolders.map((folder) => `${islands}/${folder}`),
    message: 'The shared islands belong to no domain: they import no domain folder of the islands.',
  },
];

export default tseslint.config(
  { ignores: ['dist', '.builds/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Node's own resolution, which follows package.json "imports" (the #server/… aliases) as the site does.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/components/islands/**', 'src/lib/client/**', `${server}/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeClimb, domainFace] }] },
  },
  {
    files: [`${server}/**`],
    ignores: repositories,
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeClimb] }] },
  },
  {
    files: ['scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [domainFace] }] },
  },
  {
    files: ['src/components/islands/**', 'src/lib/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeClimb, serverCode] }] },
  },
  {
    files: [`${server}/**`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: storeyZones }] },
  },
  {
    files: [`${islands}/**`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: islandZones }] },
  },
  {
    files: repositories,
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeClimb, httpCode] }] },
  },
  prettier,
);
