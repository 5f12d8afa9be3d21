import { z } from 'zod';
import { ADMIN_NOTIFY_MODES } from '#lib/notifications/types.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, isCommonPassword } from '#server/platform/password-policy.ts';

// Every setting the server reads, checked once: a bad value stops the start with the variable's name and what it
// should be, instead of surfacing later as a 500 or a silently ignored setting. `.env.example` explains each one.

/** `.env` files leave unset variables as `NAME=`: an empty value means "not set". */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) => z.preprocess(unsetIfEmpty, schema.default(fallback as never));

const count = (min: number, max: number) =>
  z.coerce
    .number()
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const environmentSchema = z.object({
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
  DATABASE_POOL_MAX: withDefault(count(1, 1000), 10),
  DATA_DIR: withDefault(z.string(), '.data'),
  HOST: withDefault(z.string(), 'localhost'),
  PORT: withDefault(count(0, 65535), 4321),
  SITE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  TRUSTED_PROXIES: withDefault(count(0, 10), 0),
  ADMIN_EMAIL: optional(z.email('must be an email address')),
  ADMIN_PASSWORD: optional(
    z
      .string()
      .min(ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
      .refine((password) => !isCommonPassword(password), 'is too common: choose another'),
  ),
  DEVICE_COOKIE_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SEED_DEMO_DATA: withDefault(z.enum(['true', 'false'], 'must be true or false'), 'true').transform((value) => value === 'true'),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: withDefault(z.string(), 'FlameKeeper Clubs <no-reply@flamekeeperclubs.com>'),
  SUPPORT_EMAIL: withDefault(z.email('must be an email address'), 'support@flamekeeperclubs.com'),
  ADMIN_NOTIFY: withDefault(z.enum(ADMIN_NOTIFY_MODES, 'must be each, digest or none'), 'each'),
  STRIPE_WEBHOOK_SECRET: optional(z.string().startsWith('whsec_', "must be the webhook endpoint's signing secret (whsec_…)")),
  // The Shopify store's webhook (POST /api/webhooks/shopify): unset, the route answers 404.
  SHOPIFY_WEBHOOK_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  SHOPIFY_SHOP_DOMAIN: optional(
    z
      .string()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i, 'must be a domain name such as flamekeeper.myshopify.com')
      .transform((domain) => domain.toLowerCase()),
  ),
  RATE_LIMIT_MULTIPLIER: withDefault(z.coerce.number().min(1, 'must be a number of at least 1'), 1),
  NODE_ENV: optional(z.string()),
  LOG_LEVEL: withDefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be fatal, error, warn, info, debug, trace or silent'),
    'info',
  ),
});

/** The server's settings, typed and with their defaults filled in. */
export type Env = z.output<typeof environmentSchema>;

/** A bad setting; the message names each variable and what it should be. */
export class EnvironmentError extends Error {}

/**
 * Reads the settings from `source`, or throws an EnvironmentError that lists every bad value. With `server`, for a
 * server start, also refuses a production start (NODE_ENV=production, or HOST not a loopback address) without
 * SITE_URL. Only server starts check it: `astro build` sets NODE_ENV=production for the demo's build too.
 */
export function parseEnv(source: Record<string, string | undefined> = process.env, { server = false } = {}): Env {
  const result = environmentSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvironmentError(`The environment has bad settings (see .env.example):\n${problems.join('\n')}`);
  }
  const settings = result.data;
  const production = settings.NODE_ENV === 'production' || !isLoopbackHost(settings.HOST);
  if (server && production && !settings.SITE_URL) {
    const why = settings.NODE_ENV === 'production' ? 'NODE_ENV is production' : `HOST=${settings.HOST} is not a loopback address`;
    throw new EnvironmentError(
      `SITE_URL is not set, and ${why}: set SITE_URL to the site's public URL (e.g. https://clubs.example.com). ` +
        'Links in emails and the cross-site check are built from it, never from the Host header a client sends.',
    );
  }
  return settings;
}

/** Whether `host` names this machine only (localhost, 127.0.0.0/8, ::1): then only this machine can reach the server. */
export function isLoopbackHost(host: string): boolean {
  return /^(localhost|\[?::1\]?|127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3})$/i.test(host);
}

let parsed: Env | undefined;

/** This process's settings, parsed from `process.env` on first use (the server's start-up) and kept. */
export function env(): Env {
  return (parsed ??= parseEnv());
}
