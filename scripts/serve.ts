// Starts the built site: database preparation, the job worker (the outbox's emails, scheduled jobs), then the HTTP
// server, which drains in-flight requests on SIGTERM/SIGINT while the worker finishes its current email, before the
// database closes.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EnvironmentError, env, parseEnv } from '#server/platform/env.ts';
import { listen } from '#server/platform/http/server.ts';
import { createSiteHandler } from '#server/platform/http/site-handler.ts';
import { startWorker } from '#server/app/worker.ts';
import { logger } from '#server/platform/logger.ts';
import { prepareDatabase } from '#server/app/startup.ts';

const entry = fileURLToPath(new URL('../dist/server/entry.mjs', import.meta.url));
const clientDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
if (!fs.existsSync(entry)) {
  console.error('The site is not built yet: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}

// Bad settings, or a production start without SITE_URL, stop the start here with the reason, before anything opens.
try {
  parseEnv(process.env, { server: true });
} catch (error) {
  if (!(error instanceof EnvironmentError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const database = await prepareDatabase();
const worker = startWorker(database.sql);

// The adapter builds in middleware mode: its handler renders on-demand routes only; static files are ours to serve.
const { handler } = (await import(entry)) as { handler: Parameters<typeof createSiteHandler>[0] };
const running = await listen(createSiteHandler(handler, clientDir), {
  port: env().PORT,
  host: env().HOST,
});
logger.info({ url: running.url, database: database.embedded ? 'embedded' : 'external' }, 'server listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  // An email queued by a request that finishes after the worker has stopped waits in the outbox for another instance
  // or the next start.
  await Promise.all([running.drain(10_000), worker.stop()]);
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
