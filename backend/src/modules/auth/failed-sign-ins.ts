import { AppError } from '../../common/errors';
import type { RateLimits } from '../../common/rate-limits';

/**
 * Runs a sign-in attempt (a bearer token check or a token exchange) for a client address. The
 * token is checked first (a bad signature is refused locally, without asking anyone), so a valid
 * token is never refused because its address had failures. Each refusal counts against the
 * address's per-minute limit; past it, refusals are RATE_LIMITED until the minute is over.
 */
export async function limitFailedSignIns<T>(limits: RateLimits, clientAddress: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AppError && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN')) {
      await limits.consume('failedSignIn', clientAddress);
    }
    throw error;
  }
}
