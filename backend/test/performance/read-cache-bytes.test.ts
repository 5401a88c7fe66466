import v8 from 'node:v8';
import vm from 'node:vm';
import { pino } from 'pino';
import { ReadCache } from '../../src/common/read-cache';
import { RecentTags, weakEtag } from '../../src/http-kit/etag';

/**
 * The read cache and the recent ETags are budgeted in bytes, whatever script the answers are
 * written in: a review in Cyrillic is two bytes a character, one in Japanese three, an emoji four
 * (and two UTF-16 units), where a character count takes each as one.
 */
const MB = 1024 * 1024;
const SCRIPTS = ['Нож кованый, острый. ', '包丁は良く切れる。', '🔪✨ ', 'Santoku, hollow-ground. '];

/** A JSON answer of about `characters` UTF-16 units in one of the scripts, different for each `index`. */
function answerIn(index: number, characters: number): string {
  const text = SCRIPTS[index % SCRIPTS.length];
  return JSON.stringify({ index, description: text.repeat(Math.ceil(characters / text.length)).slice(0, characters) });
}

function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose_gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

describe('the read cache', () => {
  const settings = { enabled: true, redisUrl: null, maxBytes: MB, maxAnswerBytes: 256 * 1024, maxAgeMs: 60_000 };
  const logger = pino({ level: 'silent' });

  test('keeps no more answer bytes than its budget, in any script', async () => {
    const cache = ReadCache.create(settings, logger);
    const generation = await cache.generation();
    const stored = Array.from({ length: 48 }, (_, index) => ({ key: `answer ${index}`, body: answerIn(index, 60_000) }));
    for (const { key, body } of stored) cache.store(key, generation, { bytes: Buffer.from(body), headers: {} });

    const kept = [];
    for (const { key } of stored) {
      const found = await cache.find(key);
      if (found) kept.push(found.bytes.length);
    }
    // Some are still kept (the cache serves), and together they fit the budget.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(settings.maxBytes);
    expect(cache.keptBytes).toBeLessThanOrEqual(settings.maxBytes);
    await cache.close();
  });

  test('never keeps an answer over its size cap in bytes, even when it has fewer characters than the cap', async () => {
    const cache = ReadCache.create(settings, logger);
    const generation = await cache.generation();
    // 100,000 characters of Japanese are 300,000 bytes: over the 256 KB cap.
    const japanese = answerIn(1, 100_000);
    expect(japanese.length).toBeLessThan(settings.maxAnswerBytes);
    cache.store('japanese', generation, { bytes: Buffer.from(japanese), headers: {} });
    // (Its headers only, so that a failure does not print 100,000 characters.)
    expect((await cache.find('japanese'))?.headers ?? null).toBeNull();
    // An answer under the cap in bytes is kept.
    const english = answerIn(3, 100_000);
    cache.store('english', generation, { bytes: Buffer.from(english), headers: {} });
    expect((await cache.find('english'))?.bytes.toString()).toBe(english);
    await cache.close();
  });
});

describe('the recent ETags', () => {
  test('keep at most 4 MB of answers, whatever their script, and still tag each one right', () => {
    const tags = new RecentTags();
    const before = heapAfterCollection();
    // 64 URLs, each with an answer of 100,000 characters (about 200 KB to 300 KB): about 16 MB if all were kept.
    for (let index = 0; index < 64; index += 1) {
      const body = answerIn(index, 100_000);
      expect(tags.of(`/api/reviews?skip=${index}`, body)).toBe(weakEtag(body));
    }
    expect(heapAfterCollection() - before).toBeLessThan(7 * MB);
    expect(tags.keptBytes).toBeLessThanOrEqual(4 * MB);

    // The latest answer is still remembered, and a changed one gets its own tag.
    const last = answerIn(63, 100_000);
    expect(tags.of('/api/reviews?skip=63', `${last} `.trimEnd())).toBe(weakEtag(last));
    const changed = answerIn(64, 100_000);
    expect(tags.of('/api/reviews?skip=63', changed)).toBe(weakEtag(changed));
  });
});
