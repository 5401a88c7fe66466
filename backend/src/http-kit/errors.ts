import type { Response } from 'express';
import { AppError, databaseUnavailable } from '../common/errors';
import { isDatabaseUnreachable } from '../common/database-unreachable';

/**
 * The error a caller may see: an AppError as it is, an unreachable database as a 503 to retry,
 * anything else null (an internal error: logged, never shown).
 */
export function callerErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnreachable(error)) return databaseUnavailable();
  return null;
}

/** Answers a caller error as REST does: its status, `Retry-After` when it has one, and `{ message }`. */
export function sendCallerError(res: Response, error: AppError): void {
  if (error.retryAfter !== null) res.setHeader('retry-after', String(error.retryAfter));
  res.status(error.status).json({ message: error.message });
}
