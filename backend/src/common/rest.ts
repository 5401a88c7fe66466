import type { NextFunction, Request, Response } from 'express';
import { callerFromRequest } from '../context';
import { AppError } from './errors';
import type { Caller } from '../modules/auth/caller';
import type { Services } from '../services';

/** What every REST handler gets: the services and the verified caller. */
export interface RestContext {
  services: Services;
  caller: Caller;
}

type Handler = (req: Request, res: Response, context: RestContext) => Promise<unknown> | unknown;

/** The old client's `{ success }` answers: "already exist" (a conflict) is `{ success: false, message }`, not an error. */
export async function successUnlessConflict<T extends { success: true }>(
  work: () => Promise<T>,
): Promise<T | { success: false; message: string }> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return { success: false, message: error.message };
    throw error;
  }
}

/**
 * Wraps a handler: resolves the caller from the Authorization header, and answers the handler's
 * result as JSON (unless it sent a response itself). Thrown AppErrors become `{ message }`.
 */
export function handle(services: Services, handler: Handler) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const caller = await callerFromRequest(services, req);
      const result = await handler(req, res, { services, caller });
      if (!res.headersSent) res.json(result);
    } catch (error) {
      next(error);
    }
  };
}
