// Checks the documentation's links (part of `npm run lint`): every relative link and #anchor in
// README.md and docs/*.md must lead to an existing file and heading (GitHub's heading anchors), and
// README.md stays a front door of at most 30 KB.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_MAX_BYTES = 30 * 1024;

/** The Markdown files checked, relative to the repository's root. */
function documents() {
  const docs = existsSync(path.join(root, 'docs'))
    ? readdirSync(path.join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...docs.sort()];
}

/** The text outside fenced code blocks, line by line (fenced lines become empty, so line numbers stay). */
function proseLines(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && marker) {
      fence = marker[1];
      return '';
    }
    if (fence !== null) {
      if (marker && marker[1][0] === fence[0] && marker[1].length >= fence.length) fence = null;
      return '';
    }
    return line;
  });
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces become hyphens. */
function slug(heading) {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a document offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(lines) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of lines) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id[1]);
  }
  return anchors;
}

/** The link targets of a line, inline code left out: `[text](target)`, `![alt](target)` and `[label]: target`. */
function targetsOf(line) {
  const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
  const targets = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const reference = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
  if (reference) targets.push(reference[1]);
  return targets;
}

const anchorCache = new Map();
function anchorsOfFile(file) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(proseLines(readFileSync(file, 'utf8'))));
  return anchorCache.get(file);
}

const problems = [];
for (const document of documents()) {
  const file = path.join(root, document);
  const lines = proseLines(readFileSync(file, 'utf8'));
  lines.forEach((line, index) => {
    for (const target of targetsOf(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and other absolute addresses
      const where = `${document}:${index + 1}`;
      if (target.startsWith('/')) {
        problems.push(`${where}: ${target} is absolute; link files by a path relative to ${document}`);
        continue;
      }
      const [rawPath, anchor] = target.split('#', 2);
      const linked = rawPath ? path.resolve(path.dirname(file), decodeURIComponent(rawPath)) : file;
      if (!linked.startsWith(root + path.sep) && linked !== root) {
        problems.push(`${where}: ${target} leads outside the repository`);
        continue;
      }
      if (!existsSync(linked)) {
        problems.push(`${where}: ${target}: no file ${path.relative(root, linked)}`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!statSync(linked).isFile() || !linked.endsWith('.md')) {
        problems.push(`${where}: ${target}: an #anchor is checked only in a Markdown file`);
        continue;
      }
      if (!anchorsOfFile(linked).has(anchor)) {
        problems.push(`${where}: ${target}: no heading #${anchor} in ${path.relative(root, linked)}`);
      }
    }
  });
}

const readmeBytes = statSync(path.join(root, 'README.md')).size;
if (readmeBytes > README_MAX_BYTES) {
  problems.push(`README.md is ${readmeBytes} bytes, over ${README_MAX_BYTES}: move details into docs/`);
}

if (problems.length) {
  console.error(`Documentation links: ${problems.length} problem(s)\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log(`Documentation links: ${documents().length} files checked, README.md ${readmeBytes} bytes`);
