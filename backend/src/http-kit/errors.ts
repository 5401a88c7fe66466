import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
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

/** Answers `value` as JSON with `status`, on any response (Express's `res.json` is only on Express's). */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

/** Answers a caller error as REST does: its status, `Retry-After` when it has one, and `{ message }`. */
export function sendCallerError(res: ServerResponse, error: AppError): void {
  if (error.retryAfter !== null) res.setHeader('retry-after', String(error.retryAfter));
  sendJson(res, error.status, { message: error.message });
}

/**
 * The answer to a request whose handling threw: a caller error as it is, anything else logged
 * (`log`) and a 500 that says nothing of it.
 */
export function sendFailure(res: ServerResponse, error: unknown, log: (error: unknown) => void): void {
  const callerError = callerErrorOf(error);
  if (!callerError) log(error);
  if (res.headersSent) return;
  if (callerError) sendCallerError(res, callerError);
  else sendJson(res, 500, { message: 'Something went wrong on our side; please try again' });
}

/**
 * A REST request whose handling threw, wherever it is answered (the /api router, the front door):
 * `{ message }` with the error's status, or a 500 logged.
 */
export function sendRestFailure(res: ServerResponse, error: unknown, logger: Logger): void {
  if (callerErrorOf(error)?.code === 'SERVICE_UNAVAILABLE') logger.warn({ err: error }, 'REST request failed: a service is unavailable');
  sendFailure(res, error, (failure) => logger.error({ err: failure }, 'REST request failed'));
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

/** A body refusal as GraphQL over HTTP answers it: `{ errors }`, code BAD_REQUEST. */
export function sendGraphQLBodyRefusal(res: ServerResponse, refusal: { status: number; message: string }): void {
  sendJson(res, refusal.status, { errors: [{ message: refusal.message, extensions: { code: 'BAD_REQUEST' } }] });
}
