import { GraphQLError } from 'graphql';

/**
 * Errors a caller can act on. GraphQL sends `extensions.code`; the REST layer maps `status`.
 * Anything else thrown is an internal error and is logged, never shown.
 */
export type AppErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  /** An age-restricted line needs a current passed age check (modules/compliance). */
  | 'AGE_CHECK_REQUIRED'
  /** A failed age check holds age-restricted checkout for 24 hours. */
  | 'AGE_CHECK_FAILED';

const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  AGE_CHECK_REQUIRED: 403,
  AGE_CHECK_FAILED: 403,
};

export class AppError extends GraphQLError {
  readonly code: AppErrorCode;
  readonly status: number;
  /** Seconds a caller should wait before trying again (sent as `Retry-After`). */
  readonly retryAfter: number | null;
  /** What a client needs to act on the refusal (GraphQL `extensions`), e.g. the products a destination refuses. */
  readonly details: Record<string, unknown>;

  constructor(code: AppErrorCode, message: string, retryAfter: number | null = null, details: Record<string, unknown> = {}) {
    // An answer to the caller, not a fault: its stack is never shown, and capturing one (twice:
    // Error's and GraphQLError's own) cost each refused order about 25 µs.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message, { extensions: { code, ...details } });
    Error.stackTraceLimit = stackTraceLimit;
    this.code = code;
    this.status = httpStatusOf[code];
    this.retryAfter = retryAfter;
    this.details = details;
  }
}

export const badInput = (message: string) => new AppError('BAD_USER_INPUT', message);
export const unauthenticated = (message = 'Please sign in first') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You may not do this') => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const rateLimited = (retryAfter: number) =>
  new AppError('RATE_LIMITED', `Too many requests; please try again in ${retryAfter} seconds`, retryAfter);
/** The database cannot be reached: a passing condition, so callers are asked to retry. */
export const databaseUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The shop is briefly unavailable; please try again shortly', 5);
