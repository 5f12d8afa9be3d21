import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's storeys are a lint rule (eslint.config.js); these plant the imports it must refuse, and one it allows.
const eslint = new ESLint();

async function storeyErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

async function faceErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

/**
 * A project of its own in a temporary folder, with the checkout's lint config and package.json, and its server folder
 * made of links to the checkout's domains and storeys plus new domain folders (`planted`: each folder's files), which no
 * other step of `npm test` (ESLint, Prettier, the type check, tests that read src/lib/server) ever sees. A planted
 * importer goes in a new folder too: the resolver follows a linked folder back into the checkout.
 */
function projectWithDomains(planted: Record<string, Record<string, string>>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fk-planted-domain-'));
  for (const file of ['eslint.config.js', 'package.json']) cpSync(file, path.join(dir, file));
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  const server = path.join(dir, 'src/lib/server');
  mkdirSync(server, { recursive: true });
  for (const folder of readdirSync('src/lib/server')) symlinkSync(path.resolve('src/lib/server', folder), path.join(server, folder));
  const islands = path.join(dir, 'src/components/islands');
  mkdirSync(islands, { recursive: true });
  for (const folder of readdirSync('src/components/islands')) {
    symlinkSync(path.resolve('src/components/islands', folder), path.join(islands, folder));
  }
  for (const [domain, files] of Object.entries(planted)) {
    mkdirSync(path.join(server, domain));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(server, domain, name), text);
  }
  return dir;
}

/** Lints planted code with ESLint in `cwd`, in a process of its own that loads eslint.config.js there. */
async function lintErrorsIn(cwd: string, filePath: string, code: string): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [path.resolve('node_modules/eslint/bin/eslint.js'), '--format', 'json', '--stdin', '--stdin-filename', filePath],
    { cwd },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(code);
  await new Promise((resolve) => child.on('close', resolve));
  const [result] = JSON.parse(output) as ESLint.LintResult[];
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the storeys of src/lib/server', () => {
  it('refuse a platform file that imports a domain', async () => {
    const errors = await storeyErrors(
      'src/lib/server/platform/planted.ts',
      "import { findClub } from '#server/clubs/index.ts';\nexport const planted = findClub;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The platform storey knows no domain and no app')]);
  });

  it('refuse a domain file that imports the app storey', async () => {
    const errors = await storeyErrors(
      'src/lib/server/clubs/planted.ts',
      "import { wakeWorker } from '#server/app/worker.ts';\nexport const planted = wakeWorker;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A domain never imports the app storey')]);
  });

  it("refuse a domain that reaches past another domain's public file", async () => {
    const errors = await storeyErrors(
      'src/lib/server/questions/planted.ts',
      "import { dateOnly } from '#server/clubs/clubs.ts';\nexport const planted = dateOnly;\n",
    );
    expect(errors).toEqual([expect.stringContaining('#server/clubs/index.ts')]);
  });

  it("allow a domain to use another through its public file, and the app to use any domain's", async () => {
    expect(
      await storeyErrors(
        'src/lib/server/questions/planted.ts',
        "import { findClub } from '#server/clubs/index.ts';\nexport const planted = findClub;\n",
      ),
    ).toEqual([]);
    expect(
      await storeyErrors(
        'src/lib/server/app/planted.ts',
        "import { findClub } from '#server/clubs/index.ts';\nexport const planted = findClub;\n",
      ),
    ).toEqual([]);
  });
});

describe('the domains seen from outside src/lib/server', () => {
  const deepImport = "import { dateOnly } from '#server/clubs/clubs.ts';\nexport const planted = dateOnly;\n";
  const publicImport = "import { findClub } from '#server/clubs/index.ts';\nexport const planted = findClub;\n";
  const storeyImport =
    "import { db } from '#server/platform/db/db.ts';\nimport { wakeWorker } from '#server/app/worker.ts';\nexport const planted = [db, wakeWorker];\n";

  it("refuse a page that reaches past a domain's index.ts, and allow the index.ts and the platform and app storeys", async () => {
    expect(await faceErrors('src/pages/planted.ts', deepImport)).toEqual([expect.stringContaining('#server/<domain>/index.ts')]);
    expect(await faceErrors('src/pages/planted.ts', publicImport)).toEqual([]);
    expect(await faceErrors('src/pages/planted.ts', storeyImport)).toEqual([]);
  });

  it("refuse a script that reaches past a domain's index.ts, and allow the index.ts", async () => {
    expect(await faceErrors('scripts/planted.ts', deepImport)).toEqual([expect.stringContaining('#server/<domain>/index.ts')]);
    expect(await faceErrors('scripts/planted.ts', publicImport)).toEqual([]);
  });

  it('hold a new domain folder as soon as it exists, with no edit to eslint.config.js', async () => {
    const project = projectWithDomains({
      'planted-domain': { 'rules.ts': 'export const plantedRule = 1;\n', 'index.ts': "export { plantedRule } from './rules.ts';\n" },
      'planted-neighbour': {},
    });
    try {
      const deepPlanted = "import { plantedRule } from '#server/planted-domain/rules.ts';\nexport const planted = plantedRule;\n";
      const publicPlanted = "import { plantedRule } from '#server/planted-domain/index.ts';\nexport const planted = plantedRule;\n";

      expect(await lintErrorsIn(project, 'src/pages/planted.ts', deepPlanted)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*#server\/<domain>\/index\.ts/),
      ]);
      expect(await lintErrorsIn(project, 'src/lib/server/planted-neighbour/planted.ts', deepPlanted)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*#server\/planted-domain\/index\.ts/),
      ]);
      expect(await lintErrorsIn(project, 'src/lib/server/planted-neighbour/planted.ts', publicPlanted)).toEqual([]);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('the islands, by domain', () => {
  it('live in folders named after the server domains, or in shared', () => {
    const domains = readdirSync('src/lib/server').filter((name) => name !== 'platform');
    const folders = readdirSync('src/components/islands', { withFileTypes: true });
    expect(folders.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
    for (const { name } of folders) expect([...domains, 'shared'], name).toContain(name);
  });

  const licensingIsland =
    "import { AreaSearch } from '#components/islands/licensing/AreaSearch.tsx';\nexport const planted = AreaSearch;\n";
  const sharedIsland = "import { FormField } from '#components/islands/shared/FormField.tsx';\nexport const planted = FormField;\n";
  const clubsIsland = "import { ClubForm } from '#components/islands/clubs/ClubForm.tsx';\nexport const planted = ClubForm;\n";

  it("refuse one domain's island that imports another's, and allow it the shared ones", async () => {
    expect(await storeyErrors('src/components/islands/clubs/Planted.tsx', licensingIsland)).toEqual([
      expect.stringContaining('only through src/components/islands/shared'),
    ]);
    expect(await storeyErrors('src/components/islands/clubs/Planted.tsx', sharedIsland)).toEqual([]);
    expect(await storeyErrors('src/components/islands/licensing/Planted.tsx', clubsIsland)).toEqual([
      expect.stringContaining('only through src/components/islands/shared'),
    ]);
  });

  it('refuse a shared island that imports a domain folder', async () => {
    expect(await storeyErrors('src/components/islands/shared/Planted.tsx', clubsIsland)).toEqual([
      expect.stringContaining('import no domain folder'),
    ]);
  });
});
