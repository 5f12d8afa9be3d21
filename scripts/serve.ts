// Starts the built site: database preparation, the job worker (the outbox's emails, scheduled jobs), then the HTTP
// server, which drains in-flight requests on SIGTERM/SIGINT while the worker finishes its current email, before the
// database closes. It serves the build `dist` points at, and each build published while it runs (decision 026).
// First: on the local demo it gives the store's webhooks their secrets before anything reads the settings.
import './lib/demo-store-env.ts';
import { fileURLToPath } from 'node:url';
import { EnvironmentError, env, parseEnv } from '#server/platform/env.ts';
import { listen } from '#server/platform/http/server.ts';
import { servePublishedSite } from '#server/platform/http/published-site.ts';
import { publishedBuildDir } from '#server/platform/published-builds.ts';
import { startWorker } from '#server/app/worker.ts';
import { logger } from '#server/platform/logger.ts';
import { prepareDatabase } from '#server/app/startup.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!publishedBuildDir(root)) {
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

const site = await servePublishedSite(root);
const running = await listen(site.handle, { port: env().PORT, host: env().HOST });
logger.info({ url: running.url, database: database.embedded ? 'embedded' : 'external', build: site.build }, 'server listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  site.stop();
  // An email queued by a request that finishes after the worker has stopped waits in the outbox for another instance
  // or the next start.
  await Promise.all([running.drain(10_000), worker.stop()]);
  await database.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
