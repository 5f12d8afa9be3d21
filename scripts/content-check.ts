// `npm run content:check`: checks every file of src/content/ as the build does, in seconds and without building, and
// prints for each file OK or what is wrong (with the line), and what it feeds. Exits 1 when any file has a problem.
import { checkContent, formatProblem } from './content/check.ts';

const reports = await checkContent();
const width = Math.max(...reports.map(({ file }) => file.length));
const failed = reports.filter(({ problems }) => problems.length > 0);

console.log('File'.padEnd(width), ' Result  Feeds');
for (const { file, feeds, problems } of reports) {
  console.log(file.padEnd(width), problems.length === 0 ? ' OK     ' : ' BROKEN ', feeds.join('; '));
}
if (failed.length > 0) {
  console.error(`\n${failed.length} file${failed.length === 1 ? ' has' : 's have'} problems; the build stops until they are fixed:`);
  for (const { file, problems } of failed) for (const problem of problems) console.error(`- ${formatProblem(file, problem)}`);
  process.exitCode = 1;
} else {
  console.log(`\nAll ${reports.length} content files are fine.`);
}
