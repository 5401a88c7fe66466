import { GraphQLError } from 'graphql';

/**
 * Errors a caller can act on. GraphQL sends `extensions.code`; the REST layer maps `status`.
 * Anything else thrown is an internal error and is logged, never shown.
 */
export type AppErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'SERVICE_UNAVAILABLE';

const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends GraphQLError {
  readonly code: AppErrorCode;
  readonly status: number;

  constructor(code: AppErrorCode, message: string) {
    super(message, { extensions: { code } });
    this.code = code;
    this.status = httpStatusOf[code];
  }
}

export const badInput = (message: string) => new AppError('BAD_USER_INPUT', message);
export const unauthenticated = (message = 'Please sign in first') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You may not do this') => new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError('CONFLICT', message);
