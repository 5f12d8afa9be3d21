import { execFileSync } from 'node:child_process';

/**
 * The checked-out commit a measurement was made at, for the report: with a mark when the work tree has changes
 * (the numbers are then of neither), other than to the report itself (docs/performance.md), which every measurement
 * rewrites.
 */
export function measuredCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)docs/performance.md');
    return changed ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}
