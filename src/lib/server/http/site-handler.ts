import type { IncomingMessage, ServerResponse } from 'node:http';
import { readQuestionPage } from '#server/questions/admin-reads.ts';
import { sessionTokenOf, settledSessionUser } from '#server/auth/sessions.ts';
import { baselineHeaders } from './baseline-headers.ts';
import { clientAddressOf } from './client-address.ts';
import { isDatabaseUnavailable } from '#server/db/db.ts';
import { readClubSearch, readNearestClubs, readRecentClubs } from '#server/directory/directory-reads.ts';
import { JSON_HEADERS, errorAnswer, jsonTextOf, serviceUnavailable, type JsonAnswer } from './endpoint.ts';
import { logger } from '#server/logger.ts';
import { createStaticFiles } from './static-files.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** The adapter's handler in middleware mode, which hands `locals` to the page or endpoint. */
type AppHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: Partial<App.Locals>) => void;

/**
 * The directory's public reads, answered without Astro's render pipeline (docs/decisions/008): they need no session,
 * no cookies and no middleware, and the pipeline cost half their throughput. Their Astro routes answer the same
 * (the same functions) for `astro dev` and for methods other than GET.
 */
const LEAN_READS = new Map<string, (url: URL) => Promise<JsonAnswer>>([
  ['/api/clubs', readRecentClubs],
  ['/api/clubs/search', readClubSearch],
  ['/api/clubs/nearest', readNearestClubs],
]);

/**
 * The admin's reads that are polled (the questions, every 5 s per open screen), answered the same way when the request
 * carries a settled admin session (docs/decisions/010). Every other case goes to Astro, which answers it as before.
 */
const ADMIN_READS = new Map<string, (url: URL) => Promise<JsonAnswer>>([['/api/admin/club-questions', readQuestionPage]]);

/**
 * The whole site as one request handler: the directory's public reads and the prerendered pages and assets of
 * `clientDir` (held in memory) directly, everything else from Astro's app handler. Every response carries the
 * baseline security headers; a static file's come in the headers built for it once. API and health paths skip the
 * static look-up altogether.
 */
export function createSiteHandler(renderApp: AppHandler, clientDir: string): Handler {
  const baseline = baselineHeaders();
  const baselineEntries = Object.entries(baseline);
  const staticFiles = createStaticFiles(clientDir, baseline);
  const appHandler: Handler = (req, res) => renderApp(req, res, undefined, { clientAddress: clientAddressOf(req) });
  return (req, res) => {
    const url = req.url ?? '/';
    try {
      decodeURI(url);
    } catch {
      res.writeHead(400, { ...baseline, 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad request.');
      return;
    }
    const isApi = url.startsWith('/api/') || url === '/healthz' || url === '/readyz';
    if (!isApi && staticFiles(req, res)) return;

    for (const [name, value] of baselineEntries) res.setHeader(name, value);
    const path = url.split('?', 1)[0]!;
    const read = req.method === 'GET' ? LEAN_READS.get(path) : undefined;
    if (read) {
      void answerLeanRead(read, url, res);
      return;
    }
    const adminRead = req.method === 'GET' ? ADMIN_READS.get(path) : undefined;
    if (adminRead) {
      void answerAdminRead(adminRead, url, req, res, appHandler);
      return;
    }
    appHandler(req, res);
  };
}

/**
 * Answers an admin read on the lean path when the request's session is a settled admin one; hands it to Astro
 * otherwise (no session, one to extend or end, another role, or a failed check), where the middleware and the route
 * do everything they always do.
 */
async function answerAdminRead(read: (url: URL) => Promise<JsonAnswer>, url: string, req: IncomingMessage, res: ServerResponse, appHandler: Handler): Promise<void> {
  const token = sessionTokenOf(req.headers.cookie);
  const user = token ? await settledSessionUser(token).catch(() => null) : null;
  if (user?.role === 'admin') await answerLeanRead(read, url, res);
  else appHandler(req, res);
}

/** Runs a lean read and sends its answer; a database outage answers 503 as the middleware would. */
async function answerLeanRead(read: (url: URL) => Promise<JsonAnswer>, url: string, res: ServerResponse): Promise<void> {
  let answer: JsonAnswer;
  try {
    answer = await read(new URL(url, 'http://localhost'));
  } catch (error) {
    const unavailable = isDatabaseUnavailable(error);
    logger.error({ path: url.split('?', 1)[0], ...(unavailable ? { code: (error as { code: string }).code } : { err: error }) }, unavailable ? 'database unavailable' : 'read failed');
    answer = unavailable ? serviceUnavailable() : errorAnswer(500, 'Something went wrong. Please try again.');
  }
  const body = jsonTextOf(answer.body);
  res.writeHead(answer.status, { ...JSON_HEADERS, ...answer.headers, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
