import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { answerHeaders, type StoredAnswer } from '../common/read-cache';

/** `If-None-Match` names this tag (weakly compared, as for GET), or any. */
export function ifNoneMatchNames(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * The ETag Express gives an answer (its default: the etag package's weak tag of the body), so that
 * a client's copy stays fresh whichever path answers it.
 */
export function weakEtag(body: string | Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').substring(0, 27);
  return `W/"${(typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length).toString(16)}-${hash}"`;
}

/** Answers larger than this (in UTF-8 bytes) are not kept by `RecentTags`. */
const MAX_KEPT_ANSWER = 256 * 1024;
/** What `RecentTags` keeps in all, in UTF-8 bytes of URLs and answers (never fewer than V8 holds them in). */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/**
 * The ETags of the latest answers to a few URLs: an answer unchanged since the last one to the
 * same URL is not hashed again (comparing the two costs a tenth of hashing, and the product list's
 * hash was about a tenth of its answer's time). Bounded in bytes, the least recently asked go first.
 */
export class RecentTags {
  private readonly latest = new LRUCache<string, { body: string; etag: string }>({ maxSize: MAX_KEPT_BYTES });

  /** `weakEtag(body)`, for an answer to `url`. */
  of(url: string, body: string): string {
    const latest = this.latest.get(url);
    if (latest?.body === body) return latest.etag;
    const etag = weakEtag(body);
    const bytes = Buffer.byteLength(body);
    if (bytes <= MAX_KEPT_ANSWER) this.latest.set(url, { body, etag }, { size: bytes + Buffer.byteLength(url) + etag.length });
    return etag;
  }

  /** The bytes the kept answers are counted as (at most MAX_KEPT_BYTES). */
  get keptBytes(): number {
    return this.latest.calculatedSize;
  }
}

/** A route's JSON answer to a GET, with its ETag (`etag`) and the answer headers the route set on `res` (X-Total-Count). */
export function jsonGetAnswer(body: string, res: Pick<ServerResponse, 'getHeader'>, etag: string): StoredAnswer {
  return { bytes: Buffer.from(body), headers: { ...answerHeaders((name) => res.getHeader(name)), etag } };
}

/** Sends an answer to a GET as Express's `send` does: 304 when it is a success the client already has. */
export function sendGetAnswer(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer, status = 200): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (status >= 200 && status < 300 && isFresh(req, answer.headers.etag)) {
    res.removeHeader('content-type');
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-length', answer.bytes.length);
  res.statusCode = status;
  res.end(answer.bytes);
}

/** As Express judges a GET fresh: its If-None-Match names the answer's ETag, and it did not ask for no-cache. */
function isFresh(req: IncomingMessage, etag: string | undefined): boolean {
  if (!etag || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  return ifNoneMatchNames(req.headers['if-none-match'], etag);
}
