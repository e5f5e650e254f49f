/**
 * `npm run test:subjects`: every commit subject since the rule was adopted is 72 characters or
 * fewer (the why goes in the body). Older commits are history, not checked. Without git or
 * without that commit (a tarball, a shallow clone) it says so and checks nothing.
 */
import { execFileSync } from 'node:child_process';

const SINCE = '8f6be37'; // the last commit before issue 42 adopted the rule
const LIMIT = 72;

let subjects;
try {
  execFileSync('git', ['cat-file', '-e', `${SINCE}^{commit}`], { stdio: 'ignore' });
  subjects = execFileSync('git', ['log', '--format=%h %s', `${SINCE}..HEAD`], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
} catch {
  console.log(`subjects: no git history back to ${SINCE} here; nothing checked`);
  process.exit(0);
}
const long = subjects.filter((line) => line.length - line.indexOf(' ') - 1 > LIMIT);
if (long.length > 0) {
  console.error(`subjects: ${long.length} of ${subjects.length} commit subjects are over ${LIMIT} characters:`);
  for (const line of long) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`subjects: ${subjects.length} commit subjects since ${SINCE}, none over ${LIMIT} characters`);
