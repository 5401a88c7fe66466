import { AppError } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';

/**
 * Runs a sign-in attempt (a bearer token check or a token exchange) for a client address. Refused
 * attempts count against the address's per-minute limit; once it is used up, the address gets
 * RATE_LIMITED before its tokens are even looked at, until the minute is over.
 */
export async function limitFailedSignIns<T>(limits: RateLimits, clientAddress: string, attempt: () => Promise<T>): Promise<T> {
  await limits.check('failedSignIn', clientAddress);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN')) {
      await limits.consume('failedSignIn', clientAddress);
    }
    throw error;
  }
}
