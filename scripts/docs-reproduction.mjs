// Puts the table `tiersim reproduce --from public/reproduction.json` prints (the file named on
// the command line) into docs/papers.md, between its reproduce markers.
import { readFileSync, writeFileSync } from 'node:fs';

const page = 'docs/papers.md';
const table = readFileSync(process.argv[2], 'utf8');
const text = readFileSync(page, 'utf8');
const begin = '<!-- reproduce:begin -->\n';
const end = '<!-- reproduce:end -->';
const [a, b] = [text.indexOf(begin), text.indexOf(end)];
if (a < 0 || b < a) throw new Error(`${page}: the reproduce markers are missing`);
writeFileSync(page, text.slice(0, a + begin.length) + table + text.slice(b));
