// The store's webhook secrets on the local demo (issue 32): `npm start` on the embedded database, reachable from this
// machine only, makes its own, so that `npm run store:simulate` can sign orders on a first start with no
// configuration. Anywhere else the webhooks need SHOPIFY_WEBHOOK_SECRET / STRIPE_WEBHOOK_SECRET, and without them
// they answer 404.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isLoopbackHost } from '#server/platform/env.ts';

export const STORE_SECRET_NAMES = ['SHOPIFY_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET'] as const;
export type StoreSecretName = (typeof STORE_SECRET_NAMES)[number];
export type StoreSecrets = Record<StoreSecretName, string>;

type Environment = Record<string, string | undefined>;

/** Where the demo keeps its secrets: beside its embedded database, in $DATA_DIR (default .data). */
export const demoStoreSecretsFile = (environment: Environment) =>
  path.resolve(environment.DATA_DIR || '.data', 'store-webhook-secrets.json');

/**
 * Whether these settings start the local demo: the embedded database (no DATABASE_URL), not production, and a
 * loopback HOST, so that nobody but this machine's user can post to its webhooks.
 */
export function isLocalDemo(environment: Environment): boolean {
  return !environment.DATABASE_URL && environment.NODE_ENV !== 'production' && isLoopbackHost(environment.HOST || 'localhost');
}

/** The demo's secrets, or null before its first start. */
export function readDemoStoreSecrets(environment: Environment): StoreSecrets | null {
  const file = demoStoreSecretsFile(environment);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as StoreSecrets;
}

/**
 * On the local demo only: sets each webhook secret `environment` leaves unset to the demo's, made at random on the
 * first start (readable by its owner only). Returns the file's path when it was made now, else null.
 */
export function useDemoStoreSecrets(environment: Environment): string | null {
  if (!isLocalDemo(environment) || STORE_SECRET_NAMES.every((name) => environment[name])) return null;
  const file = demoStoreSecretsFile(environment);
  let secrets = readDemoStoreSecrets(environment);
  const made = secrets === null;
  if (!secrets) {
    // Shaped as the stores' own: Shopify's a hex string, Stripe's prefixed whsec_.
    secrets = {
      SHOPIFY_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
      STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64url')}`,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  for (const name of STORE_SECRET_NAMES) environment[name] ||= secrets[name];
  return made ? file : null;
}
