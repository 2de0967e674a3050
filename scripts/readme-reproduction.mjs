// Puts the table `tiersim reproduce --from public/reproduction.json` prints (the file named on
// the command line) into README.md, between its reproduce markers.
import { readFileSync, writeFileSync } from 'node:fs';

const table = readFileSync(process.argv[2], 'utf8');
const readme = readFileSync('README.md', 'utf8');
const begin = '<!-- reproduce:begin -->\n';
const end = '<!-- reproduce:end -->';
const [a, b] = [readme.indexOf(begin), readme.indexOf(end)];
if (a < 0 || b < a) throw new Error('README.md: the reproduce markers are missing');
writeFileSync('README.md', readme.slice(0, a + begin.length) + table + readme.slice(b));
