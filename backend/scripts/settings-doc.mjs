// `npm run docs:settings -w backend`: writes docs/settings.md's tables (between its
// `<!-- settings:begin <group> -->` and `<!-- settings:end -->` markers) from the settings declared in
// src/config/settings.ts, leaving the prose around them as it is. test/platform/settings-doc.test.ts
// fails while the file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const backend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// The settings from their TypeScript source, compiled as they are required (no build first).
require(path.join(backend, 'test', 'support', 'require-typescript.cjs'));
const { withSettingsTables } = require(path.join(backend, 'src', 'config', 'doc.ts'));

const file = path.join(backend, '..', 'docs', 'settings.md');
const before = readFileSync(file, 'utf8');
const after = withSettingsTables(before);
if (after === before) {
  console.log('docs/settings.md: its tables are up to date');
} else {
  writeFileSync(file, after);
  console.log('docs/settings.md: its tables are rewritten from src/config/settings.ts');
}
