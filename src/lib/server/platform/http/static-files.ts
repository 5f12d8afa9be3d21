import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { lookup } from 'mrmime';

/** The compressed copies the build writes beside each text file, and the Content-Encoding each is sent with. */
const ENCODINGS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/** One encoding of a file with its complete response headers, built once so a request adds nothing to them. */
interface Variant {
  body: Buffer;
  headers: Record<string, string>;
}

interface StaticFile {
  etag: string;
  notModifiedHeaders: Record<string, string>;
  identity: Variant;
  /** Pre-compressed copies, for text types only, when they are smaller. */
  br?: Variant;
  gzip?: Variant;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const HASHED_ASSETS = '/_astro/';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes brotli and gzip copies beside each compressible file of the client build (`faq.html.br`, `faq.html.gz`),
 * where they are smaller: compressing at the highest levels takes about half a second, which belongs in the build
 * rather than in every server start.
 */
export async function precompressBuild(clientDir: string): Promise<void> {
  const compress = {
    br: (data: Buffer) =>
      brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzip: (data: Buffer) => gzipped(data, { level: 9 }),
  };
  await Promise.all(
    buildFiles(clientDir).map(async (file) => {
      if (!COMPRESSIBLE.test(lookup(file) ?? '')) return;
      const identity = fs.readFileSync(file);
      if (identity.length <= 1024) return;
      for (const { encoding, extension } of ENCODINGS) {
        const compressed = await compress[encoding](identity);
        if (compressed.length < identity.length) fs.writeFileSync(file + extension, compressed);
      }
    }),
  );
}

/**
 * Serves the build's prerendered pages and assets from memory. The whole client build is a few hundred KB, so it is
 * read and hashed once at start-up, with the compressed copies the build wrote; a request then costs a map look-up
 * and one write, where a file server streaming from disk costs several system calls (measured: sirv reached 17 % of
 * a bare server sending the same page, docs/performance.md). `/faq` serves faq.html and `/` index.html, as the
 * build's file format names them. Each response's headers, `baselineHeaders` among them, are built with the file.
 * A file answers GET and HEAD, any other method a 405. Returns false when the request is not for a file of the build,
 * so the caller can pass it on.
 */
export function createStaticFiles(
  clientDir: string,
  baselineHeaders: Record<string, string>,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const files = new Map<string, StaticFile>();
  for (const file of buildFiles(clientDir)) {
    const urlPath = `/${path.relative(clientDir, file).split(path.sep).join('/')}`;
    const entry = load(file, urlPath, baselineHeaders);
    files.set(urlPath, entry);
    if (urlPath.endsWith('.html')) files.set(urlPath === '/index.html' ? '/' : urlPath.slice(0, -'.html'.length), entry);
  }

  return (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const file = files.get(decodeURI(query === -1 ? url : url.slice(0, query)));
    if (!file) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...baselineHeaders, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed.');
      return true;
    }

    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, file.notModifiedHeaders);
      res.end();
      return true;
    }
    const accepted = req.headers['accept-encoding'] ?? '';
    const variant =
      (file.br && /\bbr\b/.test(accepted) && file.br) || (file.gzip && /\bgzip\b/.test(accepted) && file.gzip) || file.identity;
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  };
}

function load(file: string, urlPath: string, baselineHeaders: Record<string, string>): StaticFile {
  const identity = fs.readFileSync(file);
  const type = lookup(file) ?? 'application/octet-stream';
  const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
  const cacheControl = urlPath.startsWith(HASHED_ASSETS) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
  const headers = {
    ...baselineHeaders,
    vary: 'accept-encoding',
    'content-type': type.startsWith('text/') || type === 'application/javascript' ? `${type}; charset=utf-8` : type,
    etag,
    'cache-control': cacheControl,
  };
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    headers: { ...headers, 'content-length': String(body.length), ...(encoding && { 'content-encoding': encoding }) },
  });
  const entry: StaticFile = {
    etag,
    notModifiedHeaders: { ...baselineHeaders, vary: headers.vary, etag, 'cache-control': cacheControl },
    identity: variant(identity),
  };
  for (const { encoding, extension } of ENCODINGS) {
    if (fs.existsSync(file + extension)) entry[encoding] = variant(fs.readFileSync(file + extension), encoding);
  }
  return entry;
}

/** The build's own files: everything under `clientDir` but the compressed copies. */
function buildFiles(clientDir: string): string[] {
  return fs
    .readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .map((relative) => path.join(clientDir, relative))
    .filter((file) => !ENCODINGS.some(({ extension }) => file.endsWith(extension)) && fs.statSync(file).isFile());
}
