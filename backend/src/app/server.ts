import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { watchPool } from '../common/metrics';
import type { Config } from '../config';
import { Outbox } from '../events/outbox';
import { readCacheWork } from '../events/read-cache.work';
import { type DeclareWork, startWork, type WiredWork } from '../events/work';
import { JobQueue } from '../jobs/job-queue';
import { createApolloServer } from './apollo';
import { CompiledOperations } from './jit-executor';
import { createApp } from './app';
import { buildKeenSchema } from './graphql-schema';
import { APP_MODULES, type AppGraphQLContext, PUBLIC_ANSWER_EVENTS, type AppServices, createServices } from './services';

/** Every module's background work (queues, recurring jobs, outbox subscribers), each declared beside its module; the read cache's first. */
const MODULES_WORK: readonly DeclareWork<AppServices>[] = [
  readCacheWork(PUBLIC_ANSWER_EVENTS),
  ...APP_MODULES.flatMap((module) => (module.work ? [module.work] : [])),
];

export interface RunningServer {
  url: string;
  services: AppServices;
  /** What this process runs in the background, by name. */
  work: WiredWork;
  /**
   * Drains: `/readyz` answers 503 at once and requests are still served for the configured drain
   * delay (so a load balancer takes this process out first); then the listener closes, requests in
   * flight finish, and it resolves.
   */
  close(): Promise<void>;
  /** Resolves once the deliveries that follow this process's commits have run. */
  settled(): Promise<void>;
  /** Runs `work` while `/readyz` answers 503 with `reason` (the demo seed: a shop without its catalogue yet). */
  notReadyWhile<T>(reason: string, work: () => Promise<T>): Promise<T>;
}

/**
 * The HTTP server over an initialized, migrated database, with what follows its writes (committed
 * events) and its background work: used by `main.ts` and by the tests (which may add Apollo `plugins`).
 */
export async function startServer(
  config: Config,
  db: DataSource,
  logger: Logger,
  plugins: ApolloServerPlugin<AppGraphQLContext>[] = [],
): Promise<RunningServer> {
  const jobs = await JobQueue.start((db.options as PostgresDataSourceOptions).url!, config.jobs, logger);
  const services = createServices(db, config, logger, jobs);
  await services.limits.ready();
  const outbox = new Outbox(db, jobs, config.events, logger);
  const work = await startWork(
    jobs,
    outbox,
    MODULES_WORK.map((declare) => declare(services, config, logger)),
  );
  const httpServer = http.createServer();
  const operations = new CompiledOperations(await buildKeenSchema());
  const apollo = createApolloServer(operations, {
    graphql: config.graphql,
    logger,
    plugins: [ApolloServerPluginDrainHttpServer({ httpServer }), ...plugins],
  });
  await apollo.start();
  let draining = false;
  let preparing: string | null = null;
  watchPool(db);
  const notReady = () => (draining ? 'shutting down' : preparing);
  httpServer.on('request', createApp({ config, db, services, logger, apollo, operations, notReady }));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, resolve);
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    services,
    work,
    settled: () => outbox.settled(),
    async notReadyWhile(reason, work) {
      preparing = reason;
      try {
        return await work();
      } finally {
        preparing = null;
      }
    },
    async close() {
      draining = true;
      if (config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      await apollo.stop();
      await outbox.settled();
      await jobs.stop();
      await services.identity.close();
      await services.limits.close();
      await services.readCache.close();
      await services.notifications?.close();
    },
  };
}
