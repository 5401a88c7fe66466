import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SETTINGS_DOC_COMMAND, withSettingsTables } from '../../src/config/doc';
import { SETTING_NAMES } from '../../src/config/settings';

// docs/settings.md's tables and .env.example against the settings src/config/settings.ts declares.

const root = path.resolve(__dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

test("docs/settings.md's tables are those the settings write", () => {
  const doc = read('docs/settings.md');
  const generated = withSettingsTables(doc);
  if (generated === doc) return;
  const [written, wanted] = [doc.split('\n'), generated.split('\n')];
  const line = wanted.findIndex((text, i) => text !== written[i]);
  throw new Error(
    `docs/settings.md's tables differ from the settings of backend/src/config/settings.ts: run \`${SETTINGS_DOC_COMMAND}\`.\n` +
      `First difference, line ${line + 1}:\n  the file:      ${written[line]}\n  the settings:  ${wanted[line]}`,
  );
});

test('docs/settings.md lists settings only in its generated tables', () => {
  const outside = read('docs/settings.md')
    .replace(/<!-- settings:begin [\w-]+ -->\n[\s\S]*?<!-- settings:end -->/g, '')
    .split('\n')
    .filter((line) => /^\|\s*`[A-Z][A-Z0-9_]*`/.test(line));
  expect(outside).toEqual([]);
});

test('.env.example names every setting, and sets only settings Keen knows', () => {
  const example = read('.env.example');
  expect(SETTING_NAMES.filter((name) => !new RegExp(`\\b${name}\\b`).test(example))).toEqual([]);
  const assigned = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name);
  expect(assigned.filter((name) => !(SETTING_NAMES as string[]).includes(name))).toEqual([]);
});
