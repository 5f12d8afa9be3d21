import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVE_SCRIPT = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/**
 * Kills the servers still running. A test that times out leaves its servers behind (Vitest does not wait for its
 * `finally`, and kills its worker without an exit event): they would go on taking CPU from the rest of the run.
 */
export function killStrayServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * How long a server may take to listen before it counts as hung: a start takes seconds on an idle machine, and the
 * limit allows for one five times slower (another process keeping both cores busy, issue 38).
 */
export const SERVER_START_TIMEOUT_MS = 300_000;

/**
 * Node's cache of compiled modules, shared by the run's servers: each start otherwise strips the types of the server's
 * TypeScript and compiles it anew, a fifth of a start's CPU (1.45 against 1.15 CPU-seconds, idle machine).
 */
export const COMPILE_CACHE = path.join(os.tmpdir(), 'fk-test-compile-cache');

/**
 * Starts the built site as `npm start` would, on a free port, and resolves once it listens. `serveScript` is another
 * copy's scripts/serve.ts, which serves that copy's build (tests/api/publishing.test.ts).
 */
export function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = SERVER_START_TIMEOUT_MS,
  serveScript = SERVE_SCRIPT,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serveScript], {
    env: { ...process.env, NODE_COMPILE_CACHE: COMPILE_CACHE, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"server listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before listening:\n${output}`));
    });
  });
}
