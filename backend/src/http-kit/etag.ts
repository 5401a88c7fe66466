import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BoundedMap } from '../common/bounded-map';
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
export function weakEtag(body: string): string {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body, 'utf8').toString(16)}-${hash}"`;
}

/** Answers longer than this are not kept by `RecentTags`. */
const MAX_KEPT_ANSWER = 256 * 1024;

/**
 * The ETags of the latest answers to a few URLs: an answer unchanged since the last one to the
 * same URL is not hashed again (comparing the two costs a tenth of hashing, and the product list's
 * hash was about a tenth of its answer's time).
 */
export class RecentTags {
  private readonly latest = new BoundedMap<string, { body: string; etag: string }>(64);

  /** `weakEtag(body)`, for an answer to `url`. */
  of(url: string, body: string): string {
    const latest = this.latest.get(url);
    if (latest?.body === body) return latest.etag;
    const etag = weakEtag(body);
    if (body.length <= MAX_KEPT_ANSWER) this.latest.set(url, { body, etag });
    return etag;
  }
}

/** A route's JSON answer to a GET, with its ETag (`etag`) and the answer headers the route set on `res` (X-Total-Count). */
export function jsonGetAnswer(body: string, res: Pick<ServerResponse, 'getHeader'>, etag: string): StoredAnswer {
  return { body, headers: { ...answerHeaders((name) => res.getHeader(name)), etag } };
}

/** Sends a JSON answer to a GET as Express's `send` does: 304 when the client's copy is fresh. */
export function sendJsonGetAnswer(req: IncomingMessage, res: ServerResponse, answer: StoredAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  if (isFresh(req, answer.headers.etag)) {
    res.removeHeader('content-type');
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-length', Buffer.byteLength(answer.body));
  res.statusCode = 200;
  res.end(answer.body);
}

/** As Express judges a GET fresh: its If-None-Match names the answer's ETag, and it did not ask for no-cache. */
function isFresh(req: IncomingMessage, etag: string | undefined): boolean {
  if (!etag || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  return ifNoneMatchNames(req.headers['if-none-match'], etag);
}
