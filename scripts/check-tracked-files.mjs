// Checks what git tracks (part of `npm run lint`): no file over 1 MB (package-lock.json excepted) and
// no binary file outside the allow-list below. A binary is known by its content (a NUL byte in its
// first 8 KB) or by its extension. Built output, profiles, dumps and downloads belong in .gitignore;
// a binary the repository needs (a demo photo, a font) goes under an allowed path.
// It reads the index (what `git add` staged), so a file is caught before it is committed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_BYTES = 1024 * 1024;
const SNIFF_BYTES = 8 * 1024;

/** Files allowed over MAX_BYTES. */
const LARGE_ALLOWED = new Set(['package-lock.json']);

/**
 * Binary files allowed, by path. Nothing binary is tracked today (the demo catalogue's images and
 * the icons are SVG, text); demo photos would go with them.
 */
const BINARY_ALLOWED = [/^backend\/seed-images\/[^/]+\.(png|jpe?g|webp|avif)$/];

/** Extensions of binary formats, caught even when their first 8 KB hold no NUL byte. */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif webp avif bmp tif tiff ico icns psd heic ' +
    'woff woff2 ttf otf eot ' +
    'pdf doc docx xls xlsx ppt pptx odt ' +
    'zip gz tgz bz2 xz zst 7z rar tar jar war ' +
    'so dylib dll exe bin o a obj lib class pyc wasm node ' +
    'mp3 mp4 m4a mov avi mkv webm ogg oga wav flac ' +
    'sqlite sqlite3 db dump backup pack idx cpuprofile heapsnapshot heapprofile'
  ).split(' '),
);

function git(args, input) {
  const result = spawnSync('git', args, { cwd: root, input, maxBuffer: 1024 * 1024 * 1024 });
  if (result.status !== 0) {
    console.error(`git ${args.join(' ')} failed: ${result.stderr.toString().trim()}`);
    process.exit(2);
  }
  return result.stdout;
}

// Every path in the index with its blob (submodules, mode 160000, hold no file here).
const entries = git(['ls-files', '-z', '--stage'])
  .toString('utf8')
  .split('\0')
  .filter(Boolean)
  .map((line) => {
    const tab = line.indexOf('\t');
    const [mode, object] = line.slice(0, tab).split(' ');
    return { mode, object, file: line.slice(tab + 1) };
  })
  .filter((entry) => entry.mode !== '160000');

// Their sizes, in one `git cat-file` for all of them.
const sizes = git(['cat-file', '--batch-check=%(objectname) %(objectsize)'], entries.map((entry) => entry.object).join('\n') + '\n')
  .toString('utf8')
  .trim()
  .split('\n')
  .map((line) => Number(line.split(' ')[1]));
entries.forEach((entry, index) => (entry.size = sizes[index]));

/** The first SNIFF_BYTES of each blob, read in one `git cat-file --batch` (only blobs under MAX_BYTES: larger ones fail anyway). */
function heads(list) {
  const out = git(['cat-file', '--batch'], list.map((entry) => entry.object).join('\n') + '\n');
  const result = new Map();
  let at = 0;
  for (const entry of list) {
    const headerEnd = out.indexOf(0x0a, at);
    const size = Number(out.toString('latin1', at, headerEnd).split(' ')[2]);
    result.set(entry.file, out.subarray(headerEnd + 1, headerEnd + 1 + Math.min(size, SNIFF_BYTES)));
    at = headerEnd + 1 + size + 1;
  }
  return result;
}
const sniffed = heads(entries.filter((entry) => entry.size <= MAX_BYTES));

const problems = [];
for (const { file, size } of entries) {
  if (size > MAX_BYTES && !LARGE_ALLOWED.has(file)) {
    problems.push(`${file}: ${(size / 1024 / 1024).toFixed(1)} MB, over 1 MB`);
    continue;
  }
  const extension = path.extname(file).slice(1).toLowerCase();
  const nul = sniffed.get(file)?.includes(0) ?? false;
  if ((nul || BINARY_EXTENSIONS.has(extension)) && !BINARY_ALLOWED.some((allowed) => allowed.test(file))) {
    problems.push(`${file}: binary (${nul ? 'a NUL byte in its first 8 KB' : `.${extension}`}), not in the allow-list`);
  }
}

if (problems.length) {
  console.error(
    `Tracked files: ${problems.length} problem(s) (allow-list in scripts/check-tracked-files.mjs)\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(`Tracked files: ${entries.length} checked, none over 1 MB, no binary outside the allow-list`);
