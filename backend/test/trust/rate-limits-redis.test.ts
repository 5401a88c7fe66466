import { pino } from 'pino';
import { AppError } from '../../src/common/errors';
import { RateLimits, type RateLimitSettings } from '../../src/common/rate-limits';

/**
 * The Redis store: CI runs it against a real Redis (TEST_REDIS_URL); a machine without Redis
 * runs the rest of the suite. Under CI a missing TEST_REDIS_URL is a failure, not a skip.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const logger = pino({ level: 'silent' });
const settings = (url: string | null): RateLimitSettings => ({
  allowances: {
    failedSignIn: { points: 20, seconds: 60 },
    placeOrder: { points: 3, seconds: 60 },
    addReview: { points: 10, seconds: 60 },
    upload: { points: 20, seconds: 3600 },
    uploadBytes: { points: 1_000_000, seconds: 86_400 },
    apiKey: { points: 600, seconds: 60 },
    ageCheck: { points: 5, seconds: 3600 },
    paymentIntent: { points: 10, seconds: 60 },
    discountCode: { points: 10, seconds: 60 },
    sendMessage: { points: 5, seconds: 3600 },
    messagePhoto: { points: 15, seconds: 3600 },
    giftCardCode: { points: 10, seconds: 60 },
  },
  redisUrl: url,
});

async function refusal(attempt: Promise<void>): Promise<AppError | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    return error as AppError;
  }
}

if (!redisUrl) {
  test('TEST_REDIS_URL is set under CI', () => {
    expect(process.env.CI === 'true' ? 'TEST_REDIS_URL is missing: CI must run the Redis store test' : 'not CI').toBe('not CI');
  });
} else {
  describe('rate limits in Redis', () => {
    const opened: RateLimits[] = [];
    const open = async (url: string | null) => {
      const limits = RateLimits.create(settings(url), logger);
      opened.push(limits);
      await limits.ready();
      return limits;
    };
    afterAll(() => Promise.all(opened.map((limits) => limits.close())));

    test('two processes share one count', async () => {
      const [first, second] = await Promise.all([open(redisUrl), open(redisUrl)]);
      const user = `user-${Date.now()}-${Math.random()}`;
      await first.consume('placeOrder', user);
      await second.consume('placeOrder', user);
      await first.consume('placeOrder', user);
      const refused = await refusal(second.consume('placeOrder', user));
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
      expect(refused!.retryAfter).toBeGreaterThan(0);
      await expect(first.consume('placeOrder', user)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    });

    test('while Redis is unreachable, each process counts in memory and keeps serving', async () => {
      const away = await open('redis://127.0.0.1:1');
      const user = `user-${Date.now()}`;
      for (let i = 0; i < 3; i += 1) await away.consume('placeOrder', user);
      expect(await refusal(away.consume('placeOrder', user))).toMatchObject({ code: 'RATE_LIMITED' });
      await expect(away.consume('placeOrder', 'someone-else')).resolves.toBeUndefined();
    });
  });
}
