import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's storeys are a lint rule (eslint.config.js); these plant the imports it must refuse, and one it allows.
const eslint = new ESLint();

async function storeyErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
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
