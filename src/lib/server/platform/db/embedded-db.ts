import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { keepExchangesWhole } from './whole-exchanges.ts';

export interface EmbeddedDatabase {
  /** A postgres:// URL for the loopback socket; connect with `max: 1` (see architecture.md). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL-in-WASM (PGlite) inside this process, with its data in `dataDir`, behind a loopback socket
 * so the same postgres.js code serves both modes. A lock file keeps a second process off the same data folder,
 * which PGlite would otherwise corrupt.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  options: { maxConnections?: number; port?: number } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const releaseLock = takeLock(path.join(dataDir, 'pglite.lock'));
  try {
    // cube: the nearest-first index on the clubs' positions (migration 007); intarray: the meeting filters' keys in
    // that index and their own (migration 017).
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { cube, intarray } });
    const server = new PGLiteSocketServer({
      db: pglite,
      host: '127.0.0.1',
      port: options.port ?? 0,
      maxConnections: options.maxConnections ?? 4,
    });
    keepExchangesWhole(server);
    await server.start();
    return {
      url: `postgres://postgres@${server.getServerConn()}/postgres`,
      async stop() {
        await server.stop();
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function takeLock(lockPath: string): () => void {
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockPath, 'utf8'));
    if (isRunning(holder)) {
      throw new Error(
        `The embedded database in ${path.dirname(lockPath)} is in use by process ${holder}. ` +
          'Stop it, or give this instance its own DATA_DIR or a DATABASE_URL.',
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => fs.rmSync(lockPath, { force: true });
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
