// `npm run size`: builds the client, then sums the gzip size of the JavaScript that `/` loads
// before it can render: index.html's entry chunk and everything it imports statically (not lazy
// chunks, not the GraphiQL page). Fails above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

if (!process.argv.includes('--no-build')) {
  const { build } = await import('vite');
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = manifest['index.html'];
if (!entry?.isEntry) throw new Error('index.html is not an entry in the build manifest');

const seen = new Set();
const files = [];
(function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js')) files.push(chunk.file);
  for (const imported of chunk.imports ?? []) walk(imported);
})('index.html');

let total = 0;
for (const file of files) {
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`Initial JavaScript for /: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB, ${files.length} files)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
