import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { metrics } from './metrics';
import { shopDateOf } from './shop-calendar';

/** A finished answer, as sent: replayed byte for byte to the next anonymous caller who asks the same. */
export interface StoredAnswer {
  /** The answer's UTF-8 bytes, kept encoded: a hit writes them as they are, with no length to count or text to encode. */
  bytes: Buffer;
  headers: Record<string, string>;
}

/** Keen's own type for a stored answer, whatever the first caller's `Accept` asked for. */
const ANSWER_TYPE = 'application/json; charset=utf-8';
/** The headers that belong to an answer (the rest, such as the request id and security headers, belong to each response). */
const ANSWER_HEADERS = ['etag', 'x-total-count'];

/** An answer with this status, headers (`headerOf`) and body, to store; null unless it is a 200 in JSON (GraphQL's own JSON type included). */
export function answerToStore(status: number, headerOf: (name: string) => unknown, body: string): StoredAnswer | null {
  if (status !== 200 || !/^application\/(graphql-response\+)?json\b/.test(String(headerOf('content-type')))) return null;
  return { bytes: Buffer.from(body), headers: answerHeaders(headerOf) };
}

/** The headers that belong to an answer in Keen's own JSON, as `headerOf` has them. */
export function answerHeaders(headerOf: (name: string) => unknown): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': ANSWER_TYPE };
  for (const name of ANSWER_HEADERS) {
    const value = headerOf(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

interface Entry {
  answer: StoredAnswer;
  generation: string;
}

export interface ReadCacheSettings {
  enabled: boolean;
  /** Entries shared between processes are checked against this Redis; the process's memory only without it. */
  redisUrl: string | null;
  /** The memory one process gives to answers, in bytes; the least recently used go first. */
  maxBytes: number;
  /** An answer larger than this is never kept. */
  maxAnswerBytes: number;
  /** An upper bound on an answer's age, in case an invalidation was lost while Redis was away. */
  maxAgeMs: number;
}

const GENERATION_KEY = 'keen:read-cache:generation';
const countRead = (result: 'hit' | 'miss') => metrics.readCache.add(result, () => ({ result }), 1);
const INVALIDATED_CHANNEL = 'keen:read-cache:invalidated';

/**
 * The answers anonymous callers get for public reads (products, reviews, engraving fonts), kept
 * until anything that could change them is written.
 *
 * Correctness rests on one generation: every write entry point (a GraphQL mutation, a REST call
 * other than GET, the payment webhook, the order-expiry sweep) calls `invalidate()` after its
 * transaction commits and before it answers; a reader takes the generation before it reads the
 * database and stores its answer under it, so an answer is only ever replayed while no write has
 * finished since it was read. With Redis the generation lives there (a random token, so a restarted
 * Redis never matches an old one) and every replay checks it: a write in one process is seen by the
 * very next read in every other; pub/sub only frees the other processes' memory early. While Redis
 * cannot be reached nothing is replayed.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Entry>;
  private localGeneration = randomUUID();
  /** An invalidation that could not reach Redis, written again as soon as it is back. */
  private unsentInvalidation = false;
  private changesSeen = 0;

  private constructor(
    private readonly settings: ReadCacheSettings,
    private readonly redis: Redis | null,
    private readonly subscriber: Redis | null,
    private readonly logger: Logger,
  ) {
    // Sized by the UTF-8 bytes of its keys and answers (never fewer than V8 holds them in: one
    // byte for ASCII, two for other UTF-16 units) plus a fixed cost per entry, so that no mix of
    // keys and answers, in any script, outgrows the budget.
    this.entries = new LRUCache<string, Entry>({
      maxSize: settings.maxBytes,
      sizeCalculation: (entry, key) => Buffer.byteLength(key) + entry.answer.bytes.length + 512,
      ttl: settings.maxAgeMs,
    });
  }

  static create(settings: ReadCacheSettings, logger: Logger): ReadCache {
    if (!settings.enabled || !settings.redisUrl) return new ReadCache(settings, null, null, logger);
    // No offline queue: while Redis is away a command fails at once and the read goes to the database.
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 };
    const redis = new Redis(settings.redisUrl, options);
    const subscriber = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
    const cache = new ReadCache(settings, redis, subscriber, logger);
    redis.on('error', () => {}); // the rate limiter's connection already reports Redis's absence
    redis.on('ready', () => void cache.sendUnsentInvalidation());
    subscriber.on('error', () => {});
    subscriber.on('message', () => cache.forget());
    void subscriber.subscribe(INVALIDATED_CHANNEL).catch(() => {});
    return cache;
  }

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /**
   * How many committed changes to public data this process has heard of: its own writes, and with
   * Redis every other process's. A read of public data started before it last moved may be stale
   * (common/shared-reads.ts); counted whether or not answers are kept.
   */
  get changes(): number {
    return this.changesSeen;
  }

  private forget(): void {
    this.changesSeen += 1;
    this.entries.clear();
  }

  /**
   * The current generation, taken before reading the database; null when it cannot be known (Redis
   * away). It holds the shop's date: an answer read yesterday (a product's lead time and its ship
   * dates count from "today") is never replayed after the shop's midnight.
   */
  async generation(): Promise<string | null> {
    const shared = await this.sharedGeneration();
    return shared === null ? null : `${shared}@${shopDateOf()}`;
  }

  private async sharedGeneration(): Promise<string | null> {
    if (!this.settings.enabled) return null;
    if (!this.redis) return this.localGeneration;
    if (this.unsentInvalidation) return null;
    try {
      const current = await this.redis.get(GENERATION_KEY);
      if (current) return current;
      // A new (or restarted) Redis: start a generation no stored answer carries.
      await this.redis.set(GENERATION_KEY, randomUUID(), 'NX');
      return await this.redis.get(GENERATION_KEY);
    } catch {
      return null;
    }
  }

  /** The stored answer for `key` if nothing was written since it was read. */
  async find(key: string): Promise<StoredAnswer | null> {
    const entry = this.entries.get(key);
    if (!entry) {
      if (this.settings.enabled) countRead('miss');
      return null;
    }
    if (entry.generation !== (await this.generation())) {
      this.entries.delete(key);
      countRead('miss');
      return null;
    }
    countRead('hit');
    return entry.answer;
  }

  store(key: string, generation: string | null, answer: StoredAnswer): void {
    if (generation === null || answer.bytes.length > this.settings.maxAnswerBytes) return;
    this.entries.set(key, { answer, generation });
  }

  /** The bytes the kept answers are counted as (at most the budget). */
  get keptBytes(): number {
    return this.entries.calculatedSize;
  }

  /** After a write commits, before its answer is sent: no answer read before it is replayed again. */
  async invalidate(): Promise<void> {
    this.forget();
    if (!this.settings.enabled) return;
    this.localGeneration = randomUUID();
    if (!this.redis) return;
    this.unsentInvalidation = true;
    await this.sendUnsentInvalidation();
  }

  private async sendUnsentInvalidation(): Promise<void> {
    if (!this.redis || !this.unsentInvalidation) return;
    try {
      await this.redis.multi().set(GENERATION_KEY, randomUUID()).publish(INVALIDATED_CHANNEL, '1').exec();
      this.unsentInvalidation = false;
    } catch (error) {
      this.logger.warn(
        { err: (error as Error).message },
        'read cache: Redis unreachable; answers are read from the database until it is back',
      );
    }
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
    this.subscriber?.disconnect();
  }
}
