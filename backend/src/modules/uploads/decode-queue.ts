import { AppError } from '../../common/errors';

/** How long a caller refused for a full line is asked to wait (`Retry-After`): about one decode's time. */
const RETRY_AFTER_SECONDS = 5;

/**
 * At most `concurrency` image decodes at once in this process, the others waiting in line in order
 * of arrival. A decode holds one of libuv's four threads (which file reads, DNS and crypto share)
 * and up to ~120 MB of memory while it runs, so a crowd of uploads would otherwise stall the
 * process; one that has waited `maxWaitMs` is refused with a 503 instead.
 */
export class DecodeQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else await this.turn();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Resolves when a finished decode hands its place over; rejects once the wait passes maxWaitMs. */
  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(start), 1);
        reject(new AppError('SERVICE_UNAVAILABLE', 'Too many images are being processed; try again in a few seconds', RETRY_AFTER_SECONDS));
      }, this.maxWaitMs);
      this.waiting.push(start);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The place passes straight to the next in line, so `running` stays as it is.
    if (next) next();
    else this.running -= 1;
  }
}
