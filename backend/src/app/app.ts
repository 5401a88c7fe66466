import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, RequestListener } from 'node:http';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import proxyAddr from 'proxy-addr';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { AppError, notFound, unauthenticated } from '../common/errors';
import { registry } from '../common/metrics';
import type { Config } from '../config';
import { requestLog } from '../http-kit/access-log';
import { isUnreadableBody, sendFailure, sendGraphQLFailure } from '../http-kit/errors';
import { PublicReadRoutes } from '../http-kit/public-reads';
import { requestPipeline } from '../http-kit/pipeline';
import { clientFiles, clientPageKey, sendClientFile, sendClientPage } from '../http-kit/static-files';
import { SITEMAP_TYPE } from '../modules/storefront/storefront.service';
import { storedImageHandler } from '../modules/uploads/uploads.routes';
import { seedImagesDir } from '../seed/demo-catalogue';
import type { KeenApolloServer } from './apollo';
import { frontDoor } from './front-door';
import { GraphQLEndpoint, graphqlRoute } from './graphql-handler';
import type { CompiledOperations } from './jit-executor';
import { createRestRouter } from './rest-router';
import { securityHeaderList } from './security-headers';
import type { AppServices } from './services';

export interface AppParts {
  config: Config;
  db: DataSource;
  services: AppServices;
  logger: Logger;
  apollo: KeenApolloServer;
  /** The operations Apollo runs: the queries it accepted are run again without its request pipeline. */
  operations: CompiledOperations;
  /**
   * Why the process should get no work yet, or null: stopping (so that no new work is routed here),
   * or still seeding the demo shop. `/readyz` answers 503 with it.
   */
  notReady?: () => string | null;
}

/**
 * Everything on one origin: the client, /graphql, the REST layer at /api, images and health
 * checks. Every request enters through the front door (front-door.ts), which starts its answer
 * (http-kit/pipeline.ts) and answers GraphQL POSTs and anonymous public reads before Express.
 */
export function createApp({ config, db, services, logger, apollo, operations, notReady = () => null }: AppParts): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // The request id, access-log line, metrics and security headers are the front door's, for every request.
  const publicReads = new PublicReadRoutes();
  const graphql = new GraphQLEndpoint(apollo, operations, services, db);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (req, res) => {
    const unready = notReady();
    if (unready) {
      res.status(503).json({ status: 'not ready', reason: unready });
      return;
    }
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
      requestLog(logger, req).warn({ err: error }, 'readiness check failed');
    }
    res.status(503).json({ status: 'not ready', reason });
  });

  app.get('/metrics', async (req, res) => {
    if (!config.metricsToken) {
      throw new AppError('NOT_FOUND', 'Not found');
    }
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${config.metricsToken}`)) {
      throw unauthenticated('Metrics need the bearer token from METRICS_TOKEN');
    }
    res.setHeader('cache-control', 'no-store');
    res.type(registry.contentType).send(await registry.metrics());
  });

  app.get('/config.json', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({
      firebase: { apiKey: config.firebase.webApiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId },
      authEmulatorUrl: config.firebase.emulatorHost ? `http://${config.firebase.emulatorHost}` : null,
      stripePublishableKey: config.stripe.publishableKey,
      paymentProvider: config.stripe.secretKey ? 'stripe' : 'test',
      // The checkout's age step: the test provider's hints, or the declaration to sign.
      ageVerification: config.ageChecks.provider,
      shop: {
        currency: config.shop.currency,
        locale: config.shop.locale,
        country: config.shop.country,
        pricesIncludeTax: config.shop.pricesIncludeTax,
      },
    });
  });

  const graphiqlPage = path.join(config.clientDir, 'graphiql.html');
  app.get('/graphql', (req, res, next) => {
    if (!req.accepts('html') || req.accepts(['json', 'html']) === 'json' || !existsSync(graphiqlPage)) return next();
    sendClientFile(req, res, graphiqlPage).catch(next);
  });
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    graphqlRoute(graphql),
    (error: unknown, _req: Request, res: Response, next: NextFunction) => {
      if (!isUnreadableBody(error)) return next(error);
      sendGraphQLFailure(res, error, () => undefined);
    },
  );

  app.use('/api', createRestRouter(services, logger, publicReads));
  app.use('/images', express.static(seedImagesDir, { maxAge: '7d', immutable: true }));
  if (config.s3) {
    // Images in the bucket are served by whichever process is asked, unless S3_PUBLIC_URL points browsers elsewhere.
    app.get('/uploads/:name', storedImageHandler(services));
  } else {
    app.use('/uploads', express.static(path.join(config.dataDir, 'uploads'), { maxAge: '7d' }));
  }
  // A missing image is a 404, not the client's page.
  app.use(['/images', '/uploads'], (_req, _res, next) => next(notFound('Image')));

  // For search engines: made from the catalogue and the settings, not files of the build.
  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').send(services.storefront.robots);
  });
  app.get('/sitemap.xml', async (_req, res) => {
    res.type(SITEMAP_TYPE).send(await services.storefront.sitemap());
  });

  app.use(clientFiles(config.clientDir));
  // Every client route: index.html, with the page's own head (title, description, canonical link,
  // cards, structured data) written in where it has one; an unknown product is a 404, an old slug a 301.
  app.get('/{*path}', async (req, res) => {
    const index = path.join(config.clientDir, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text').send('The web client is not built yet: run `npm run build`.');
      return;
    }
    // A product's or collection's page is kept as sent (head written in, compressed) until the next write; the front door replays it.
    const key = services.readCache.enabled ? clientPageKey(req) : null;
    const generation = key === null ? null : await services.readCache.generation();
    const page = await services.storefront.page(req.path);
    if (page.status === 301) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, page.location + (query < 0 ? '' : req.originalUrl.slice(query)));
      return;
    }
    const sent = await sendClientPage(req, res, index, page);
    if (key !== null && sent && page.status === 200) services.readCache.store(key, generation, sent);
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendFailure(res, error, (failure) => requestLog(logger, req).error({ err: failure }, 'request failed'));
  });
  const trustsProxy = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const addressOf = (req: IncomingMessage) => proxyAddr(req, trustsProxy);
  const startAnswer = requestPipeline({ logger, headers: securityHeaderList(config), addressOf });
  return frontDoor({ readCache: services.readCache, publicReads, graphql, startAnswer, addressOf, logger }, app);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
