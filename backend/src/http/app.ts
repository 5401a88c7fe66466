import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type ApolloServer, HeaderMap } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { NextFunction, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { callerFromRequest, createLoaders, RequestContext } from '../context';
import { seedImagesDir } from '../seed/catalogue';
import type { Services } from '../services';
import { callerErrorOf, sendCallerError } from './http-errors';
import { createRestRouter } from './rest';
import { securityHeaders } from './security-headers';
import { restRegistrations } from './rest-routes';

export interface AppParts {
  config: Config;
  db: DataSource;
  services: Services;
  logger: Logger;
  apollo: ApolloServer<RequestContext>;
}

/** Everything on one origin: the client, /graphql, the REST layer at /api, images and health checks. */
export function createApp({ config, db, services, logger, apollo }: AppParts): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders(config));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].slice(0, 100)) || randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
    let reason = 'database unreachable';
    try {
      await db.query('SELECT 1');
      reason = 'migrations pending';
      if (!(await db.showMigrations())) {
        res.json({ status: 'ready' });
        return;
      }
    } catch (error) {
      // The driver's text may name hosts and users: it goes to the log, not to the prober.
      req.log.warn({ err: error }, 'readiness check failed');
    }
    res.status(503).json({ status: 'not ready', reason });
  });

  app.get('/config.json', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({
      firebase: { apiKey: config.firebase.webApiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId },
      authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
      stripePublishableKey: config.stripe.publishableKey,
      paymentProvider: config.stripe.secretKey ? 'stripe' : 'test',
    });
  });

  const graphiqlPage = path.join(config.clientDir, 'graphiql.html');
  app.get('/graphql', (req, res, next) => {
    if (!req.accepts('html') || req.accepts(['json', 'html']) === 'json' || !existsSync(graphiqlPage)) return next();
    res.sendFile(graphiqlPage);
  });
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, {
      context: async ({ req }) => ({
        caller: await callerFromRequest(services, req).catch((error: unknown) => {
          // A bad token fails the whole request: answer 401 (or 429, or 503), not Apollo's default 500.
          const callerError = callerErrorOf(error);
          if (!callerError) throw error;
          const headers = new HeaderMap(callerError.retryAfter !== null ? [['retry-after', String(callerError.retryAfter)]] : []);
          throw new GraphQLError(callerError.message, { extensions: { code: callerError.code, http: { status: callerError.status, headers } } });
        }),
        services,
        loaders: createLoaders(db),
      }),
    }),
  );

  app.use('/api', createRestRouter(services, logger, restRegistrations));
  app.use('/images', express.static(seedImagesDir, { maxAge: '7d', immutable: true }));
  app.use('/uploads', express.static(path.join(config.dataDir, 'uploads'), { maxAge: '7d' }));

  app.use(express.static(config.clientDir, { index: false, maxAge: '1h' }));
  app.get('/{*path}', (_req, res) => {
    const index = path.join(config.clientDir, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web client is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    req.log.error({ err: error }, 'request failed');
    if (res.headersSent) return;
    const callerError = callerErrorOf(error);
    if (callerError) sendCallerError(res, callerError);
    else res.status(500).json({ message: 'Something went wrong on our side; please try again' });
  });
  return app;
}
