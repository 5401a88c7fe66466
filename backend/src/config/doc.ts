import { SETTING_GROUPS, type SettingGroup } from './kinds';
import { SETTING_NAMES, settingDoc, type SettingName } from './settings';

// docs/settings.md's tables, written from settings.ts: between `<!-- settings:begin <group> -->` and
// `<!-- settings:end -->` stands the group's table; the prose around the markers is written by hand.
// backend/scripts/settings-doc.mjs rewrites the file; test/platform/settings-doc.test.ts holds it equal.

/** What rewrites docs/settings.md's tables. */
export const SETTINGS_DOC_COMMAND = 'npm run docs:settings -w backend';

const MARKED = /<!-- settings:begin ([\w-]+) -->\n[\s\S]*?<!-- settings:end -->/g;

/** The settings of one row: the one that leads it, then those documented with it (`sameRowAs`). */
function rowNames(lead: SettingName): SettingName[] {
  return [lead, ...SETTING_NAMES.filter((name) => (settingDoc(name) as { sameRowAs?: string }).sameRowAs === lead)];
}

function cell(text: string, name: SettingName): string {
  if (text.includes('|') || text.includes('\n')) throw new Error(`${name}: a table cell cannot hold "|" or a line break`);
  return text;
}

/** The markdown table of `group`'s settings, in the order of settings.ts. */
export function settingsTable(group: SettingGroup): string {
  const rows = SETTING_NAMES.flatMap((name) => {
    const doc = settingDoc(name);
    if ('sameRowAs' in doc) {
      if (!SETTING_NAMES.includes(doc.sameRowAs as SettingName)) throw new Error(`${name}: sameRowAs names no setting: ${doc.sameRowAs}`);
      return [];
    }
    if (doc.group !== group) return [];
    const names = rowNames(name)
      .map((each) => `\`${each}\``)
      .join(', ');
    return [`| ${names} | ${cell(doc.default, name)} | ${cell(doc.description, name)} |`];
  });
  return ['| setting | default | what |', '|---|---|---|', ...rows].join('\n');
}

/**
 * `markdown` (docs/settings.md) with each marked table written from the settings. Every group must
 * have its markers, once: a group left out would leave its settings undocumented.
 */
export function withSettingsTables(markdown: string): string {
  const seen: string[] = [];
  const written = markdown.replace(MARKED, (_block, group: string) => {
    if (!(SETTING_GROUPS as readonly string[]).includes(group))
      throw new Error(`docs/settings.md: "${group}" is no settings group (${SETTING_GROUPS.join(', ')})`);
    if (seen.includes(group)) throw new Error(`docs/settings.md: the group "${group}" is marked twice`);
    seen.push(group);
    return `<!-- settings:begin ${group} -->\n${settingsTable(group as SettingGroup)}\n<!-- settings:end -->`;
  });
  const missing = SETTING_GROUPS.filter((group) => !seen.includes(group));
  if (missing.length) throw new Error(`docs/settings.md: no <!-- settings:begin ${missing[0]} --> ... <!-- settings:end --> for its table`);
  return written;
}
