import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { StoredAnswer } from '../common/read-cache';
import { sendGetAnswer, weakEtag } from './etag';
import { modulePreloads } from './page-modules';

/** Pre-compressed siblings the client build writes (`app.js.br`, `app.js.gz`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Vite names what it writes under /assets/ after its content, so an answer there never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the pages themselves) is checked again on every use. */
const REVALIDATE = 'no-cache';

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** The encodings the client accepts (q > 0). */
function acceptedEncodings(req: IncomingMessage): Set<string> {
  return new Set(
    String(req.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim().toLowerCase()),
  );
}

/** The encoding to answer in: one the client accepts (q > 0) and the build wrote. */
async function encodingFor(req: Request, file: string): Promise<(typeof ENCODINGS)[number] | null> {
  const accepted = acceptedEncodings(req);
  for (const encoding of ENCODINGS) if (accepted.has(encoding.name) && (await isFile(file + encoding.suffix))) return encoding;
  return null;
}

/**
 * Sends one file of the built client: hashed assets cached for a year, pages revalidated; in
 * brotli or gzip when the client accepts it and the build wrote that version.
 */
export async function sendClientFile(req: Request, res: Response, file: string): Promise<void> {
  const encoding = await encodingFor(req, file);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
  res.type(path.extname(file));
  if (encoding) res.setHeader('content-encoding', encoding.name);
  await new Promise<void>((resolve, reject) =>
    res.sendFile(encoding ? file + encoding.suffix : file, { cacheControl: false }, (error) =>
      // A browser that no longer wants the file (it left the page) is no failure.
      error && (error as NodeJS.ErrnoException).code !== 'ECONNABORTED' ? reject(error) : resolve(),
    ),
  );
}

/** A page's own head, compressed as it is sent (a few KB: quick at these levels). */
const COMPRESS = {
  br: (html: Buffer) => promisify(brotliCompress)(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html: Buffer) => promisify(gzip)(html, { level: 6 }),
};

/**
 * `html` with `head` in place of its own <title> and description: before </head>, or at the top
 * where the page has no head element (the browser puts them in its head all the same).
 */
export function withHead(html: string, head: string): string {
  const bare = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const end = bare.search(/<\/head>/i);
  const at = end >= 0 ? end : (/^<!doctype html>/i.exec(bare)?.[0].length ?? 0);
  return bare.slice(0, at) + head + bare.slice(at);
}

/** The encoding a page is sent in: the best the client accepts, or none. */
function pageEncoding(req: IncomingMessage): keyof typeof COMPRESS | null {
  const accepted = acceptedEncodings(req);
  return ENCODINGS.find(({ name }) => accepted.has(name))?.name ?? null;
}

/**
 * The read cache's key for an anonymous GET of a page whose head the catalogue writes (a product's
 * or a collection's, by the path as written, in the encoding it is sent in); null for any other
 * request. Only a 200 is kept: the keys are as many as the pages and encodings.
 */
export function clientPageKey(req: IncomingMessage): string | null {
  if (req.method !== 'GET' || req.headers.authorization !== undefined) return null;
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  return /^\/(products|collections)\/[^/]+$/.test(path) ? `page ${path} ${pageEncoding(req) ?? 'identity'}` : null;
}

/**
 * Sends the client's page (`file`, its index.html) with this status and, when given, the page's
 * own head written in (title, description, canonical link, structured data, and for a page found
 * the modulepreload links of its chunks), compressed in the
 * best encoding the client accepts; 304 to a request that already has it. A page without a head
 * of its own is the file as built. Answers what it sent, for the read cache (null for the file).
 */
export async function sendClientPage(
  req: Request,
  res: Response,
  file: string,
  page: { status: number; head: string | null },
): Promise<StoredAnswer | null> {
  if (page.head === null && page.status === 200) {
    await sendClientFile(req, res, file);
    return null;
  }
  // A page found (a product's, a list) also names the chunks its script will import.
  const head = page.head === null || page.status !== 200 ? page.head : page.head + (await modulePreloads(path.dirname(file), req.path));
  const html = Buffer.from(head === null ? await readFile(file, 'utf8') : withHead(await readFile(file, 'utf8'), head));
  const encoding = pageEncoding(req);
  const bytes = encoding ? await COMPRESS[encoding](html) : html;
  const answer: StoredAnswer = {
    bytes,
    headers: {
      vary: 'Accept-Encoding',
      'cache-control': REVALIDATE,
      'content-type': 'text/html; charset=utf-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      // Express's own tag for these bytes, so a browser's copy stays fresh whichever path answers.
      etag: weakEtag(bytes),
    },
  };
  sendGetAnswer(req, res, answer, page.status);
  return answer;
}

/** The built client's files under `dir` (GET and HEAD); anything else goes on to the next handler. */
export function clientFiles(dir: string): RequestHandler {
  const root = path.resolve(dir);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(req.path));
    } catch {
      return next();
    }
    // Like express.static: nothing outside the folder, and no dot-files (the build's .vite/ manifest).
    if (
      !file.startsWith(root + path.sep) ||
      path
        .relative(root, file)
        .split(path.sep)
        .some((part) => part.startsWith('.'))
    )
      return next();
    if (!(await isFile(file))) return next();
    try {
      await sendClientFile(req, res, file);
    } catch (error) {
      next(error);
    }
  };
}
