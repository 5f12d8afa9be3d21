import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logger } from '#server/platform/logger.ts';
import { forgetInUse, publishedBuildDir, readBuildInfo, recordInUse, serverCodeDigest } from '#server/platform/published-builds.ts';
import { createSiteHandler } from './site-handler.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** How often the server looks where `dist` points: a realpath and a stat, simpler than a watcher and on any file system. */
const FOLLOW_MS = 1_000;

/** A build's site handler: its server entry imported (a new folder is a new module graph), its client files read. */
async function loadSite(buildDir: string): Promise<Handler> {
  const entry = pathToFileURL(path.join(buildDir, 'server', 'entry.mjs')).href;
  // The adapter builds in middleware mode: its handler renders on-demand routes only; static files are ours to serve.
  const { handler } = (await import(entry)) as { handler: Parameters<typeof createSiteHandler>[0] };
  return createSiteHandler(handler, path.join(buildDir, 'client'));
}

/**
 * The published build (where `dist` points) as one request handler, which moves to each build published after it
 * once that build is loaded whole: a request is answered by the old build or the new one, never by a mix or a
 * half-written folder (docs/decisions/026). A build made from other server code than this process loaded is not
 * taken; the log says to restart.
 */
export async function servePublishedSite(root: string) {
  const initial = publishedBuildDir(root);
  if (!initial) throw new Error(`Nothing is built at ${path.join(root, 'dist')}.`);
  const serverCode = serverCodeDigest(root);
  let site = await loadSite(initial);
  let current = initial;
  recordInUse(root, current);
  let seen = initial;

  const follow = async () => {
    const published = publishedBuildDir(root);
    if (!published || published === seen) return;
    seen = published;
    const build = path.basename(published);
    if (readBuildInfo(published)?.serverCode !== serverCode) {
      logger.warn(
        { build },
        'a new build is published, but its server code differs from what this process runs: restart the server to serve it',
      );
      return;
    }
    // Both are in use while the new one loads: a build published meanwhile must delete neither.
    recordInUse(root, current, published);
    try {
      site = await loadSite(published);
      current = published;
      logger.info({ build }, 'serving the newly published build');
    } catch (error) {
      logger.error({ err: error, build }, 'the newly published build did not load: still serving the previous one');
    }
    recordInUse(root, current);
  };
  let following = Promise.resolve();
  const timer = setInterval(() => {
    following = following
      .then(follow)
      .catch((error: unknown) => logger.error({ err: error }, 'looking for a newly published build failed'));
  }, FOLLOW_MS).unref();

  return {
    build: path.basename(initial),
    handle: ((req, res) => site(req, res)) as Handler,
    stop() {
      clearInterval(timer);
      forgetInUse(root);
    },
  };
}
