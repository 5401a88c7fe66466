import Redis from 'ioredis';
import type { Logger } from 'pino';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from './errors';
import { metrics } from './metrics';

/**
 * What is limited: failed sign-ins, contact messages and their photos, and gift card balance
 * look-ups per client address, requests per API key, the rest per user (`uploadBytes` counts bytes,
 * not calls, per user or per client address; `ageCheck` counts the checks and documents a provider
 * bills; `discountCode` and `giftCardCode` count the codes checked, so they cannot be guessed).
 */
export type LimitedAction =
  | 'failedSignIn'
  | 'placeOrder'
  | 'addReview'
  | 'upload'
  | 'uploadBytes'
  | 'apiKey'
  | 'ageCheck'
  | 'paymentIntent'
  | 'discountCode'
  | 'giftCardCode'
  | 'sendMessage'
  | 'messagePhoto';

/** At most `points` in any window of `seconds`. */
export interface Allowance {
  points: number;
  seconds: number;
}

export interface RateLimitSettings {
  allowances: Record<LimitedAction, Allowance>;
  /** Counts are shared between processes through this Redis; in process memory without it. */
  redisUrl: string | null;
}

/**
 * Abuse limits for every module. `consume` counts an action and refuses it (a RATE_LIMITED
 * error with a retry time) once its allowance is used up.
 * With Redis, a memory limiter stands in while Redis cannot be reached, so requests keep being served.
 */
export class RateLimits {
  private constructor(
    private readonly limiters: Record<LimitedAction, RateLimiterAbstract>,
    private readonly redis: Redis | null,
  ) {}

  static create(settings: RateLimitSettings, logger: Logger): RateLimits {
    const redis = settings.redisUrl ? connectRedis(settings.redisUrl, logger) : null;
    const limiter = (action: LimitedAction): RateLimiterAbstract => {
      const { points, seconds } = settings.allowances[action];
      const options = { keyPrefix: `keen:limit:${action}`, points, duration: seconds };
      if (!redis) return new RateLimiterMemory(options);
      return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
    };
    return new RateLimits(
      {
        failedSignIn: limiter('failedSignIn'),
        placeOrder: limiter('placeOrder'),
        addReview: limiter('addReview'),
        upload: limiter('upload'),
        uploadBytes: limiter('uploadBytes'),
        apiKey: limiter('apiKey'),
        ageCheck: limiter('ageCheck'),
        paymentIntent: limiter('paymentIntent'),
        discountCode: limiter('discountCode'),
        sendMessage: limiter('sendMessage'),
        messagePhoto: limiter('messagePhoto'),
        giftCardCode: limiter('giftCardCode'),
      },
      redis,
    );
  }

  async consume(action: LimitedAction, key: string, points = 1): Promise<void> {
    try {
      await this.limiters[action].consume(key, points);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      metrics.rateLimitRefusals.inc();
      throw rateLimited(retryAfterSeconds(error));
    }
  }

  /** Resolves once Redis is connected, or has failed to connect for now (memory counts meanwhile); at once without Redis. */
  async ready(): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        redis.off('ready', done).off('error', done);
        resolve();
      };
      redis.once('ready', done).once('error', done);
    });
  }

  async close(): Promise<void> {
    if (this.redis) this.redis.disconnect();
  }
}

function retryAfterSeconds(state: RateLimiterRes): number {
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

/** Commands fail at once while Redis is away (no offline queue), so the memory limiter answers instead. */
function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let reachable = true;
  redis.on('ready', () => {
    if (!reachable) logger.info('Redis is back: rate limits are shared again');
    reachable = true;
  });
  redis.on('error', (error: Error) => {
    if (reachable) logger.warn({ err: error.message }, 'Redis unreachable: rate limits are counted in this process until it is back');
    reachable = false;
  });
  return redis;
}
