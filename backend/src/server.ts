import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { watchPool } from './common/metrics';
import type { Config } from './config';
import { buildKeenSchema } from './graphql/schema';
import { createApolloServer } from './graphql/server';
import { createApp } from './http/app';
import { createServices, type Services } from './services';

export interface RunningServer {
  url: string;
  services: Services;
  /**
   * Drains: `/readyz` answers 503 at once and requests are still served for the configured drain
   * delay (so a load balancer takes this process out first); then the listener closes, requests in
   * flight finish, and it resolves.
   */
  close(): Promise<void>;
}

/** The HTTP server over an initialized, migrated database: used by `main.ts` and by the tests. */
export async function startServer(config: Config, db: DataSource, logger: Logger): Promise<RunningServer> {
  const services = createServices(db, config, logger);
  await services.limits.ready();
  const expiry = startExpirySweep(services, config.orders.expirySweepSeconds, logger);
  const httpServer = http.createServer();
  const apollo = createApolloServer(await buildKeenSchema(), {
    graphql: config.graphql,
    logger,
    plugins: [ApolloServerPluginDrainHttpServer({ httpServer })],
  });
  await apollo.start();
  let draining = false;
  watchPool(db);
  httpServer.on('request', createApp({ config, db, services, logger, apollo, isDraining: () => draining }));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, resolve);
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    services,
    async close() {
      draining = true;
      if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      await expiry.stop();
      await apollo.stop();
      await services.identity.close();
      await services.limits.close();
      await services.readCache.close();
    },
  };
}

/**
 * Every process sweeps for unpaid orders past their hold; the sweep is safe to run in several
 * processes at once (see OrdersService.expireOverdue), so no leader is needed.
 */
function startExpirySweep(services: Services, everySeconds: number, logger: Logger) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        // Expired holds put units back on sale: public answers read before must not be replayed.
        if ((await services.orders.expireOverdue()).length) await services.readCache.invalidate();
      })
      .catch((error) => logger.error({ err: error }, 'order expiry sweep failed'));
  }, everySeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
