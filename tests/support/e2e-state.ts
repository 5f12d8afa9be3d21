import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What the e2e server tells the tests: where its database and its mail folder are. */
export interface E2EState {
  databaseUrl: string;
  databasePoolMax: number;
  dataDir: string;
}

export const e2eStateFile = (port: string) => path.join(os.tmpdir(), `flamekeeper-e2e-${port}.json`);

/** Reads the running e2e server's state. */
export function readE2EState(): E2EState {
  return JSON.parse(fs.readFileSync(e2eStateFile(process.env.E2E_PORT ?? '4399'), 'utf8')) as E2EState;
}
