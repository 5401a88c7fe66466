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

/** A body express.json could not read: 400 for text that is not JSON, 413 for too much of it. */
export function bodyRefusal(error: unknown): { status: number; message: string } | null {
  const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
  if (type === 'entity.parse.failed') return { status: 400, message: 'The request body is not valid JSON' };
  if (type === 'entity.too.large') return { status: 413, message: 'The request body is larger than 1 MB' };
  if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: 'The request body could not be read' };
  }
  return null;
}

/** The refusal of a body read ahead of express.json (replay-first) that is not JSON, as express.json words it. */
export function unreadableJson(): Error {
  return Object.assign(new SyntaxError('The request body is not valid JSON'), { type: 'entity.parse.failed', status: 400 });
}
