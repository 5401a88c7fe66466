import type { NextFunction, Request, Response } from 'express';
import { callerFromRequest } from '../context';
import type { Caller } from '../modules/auth/caller';
import type { Services } from '../services';

/** What every REST handler gets: the services and the verified caller. */
export interface RestContext {
  services: Services;
  caller: Caller;
}

type Handler = (req: Request, res: Response, context: RestContext) => Promise<unknown> | unknown;

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
