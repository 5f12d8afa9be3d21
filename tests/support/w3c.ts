import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// The W3C Nu Html Checker (the `vnu-jar` package, on the machine's Java): what reviewers run on the site's pages.

const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');

export interface VnuMessage {
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's errors on these HTML files, in one run of the checker (the JVM's start is most of its time). */
export async function htmlErrors(files: readonly string[]): Promise<VnuMessage[]> {
  try {
    await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 });
    return [];
  } catch (error) {
    // It exits 1 when it found errors, and writes its report to stderr.
    const { stderr } = error as { stderr?: string };
    const report = stderr ? (JSON.parse(stderr) as { messages: (VnuMessage & { type: string })[] }) : null;
    if (!report) throw error;
    return report.messages.filter(({ type }) => type === 'error');
  }
}
