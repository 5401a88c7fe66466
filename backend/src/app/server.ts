import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { watchPool } from '../common/metrics';
import type { Config } from '../config';
import { Outbox } from '../events/outbox';
import { PUBLIC_ANSWER_EVENTS } from '../events/catalogue';
import { JobQueue } from '../jobs/job-queue';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_EVENTS, type WebhookJob } from '../modules/integrations/webhooks.service';
import { createApolloServer } from './apollo';
import { CompiledOperations } from './jit-executor';
import { createApp } from './app';
import { buildKeenSchema } from './graphql-schema';
import { type AppServices, createServices } from './services';

export interface RunningServer {
  url: string;
  services: AppServices;
  /**
   * Drains: `/readyz` answers 503 at once and requests are still served for the configured drain
   * delay (so a load balancer takes this process out first); then the listener closes, requests in
   * flight finish, and it resolves.
   */
  close(): Promise<void>;
  /** Resolves once the deliveries that follow this process's commits have run. */
  settled(): Promise<void>;
}

/**
 * The HTTP server over an initialized, migrated database, with what follows its writes (committed
 * events) and its background work: used by `main.ts` and by the tests.
 */
export async function startServer(config: Config, db: DataSource, logger: Logger): Promise<RunningServer> {
  const jobs = await JobQueue.start((db.options as PostgresDataSourceOptions).url!, config.jobs, logger);
  const services = createServices(db, config, logger, jobs);
  await services.limits.ready();
  const outbox = new Outbox(db, jobs, config.events, logger);
  // A committed change that may be in a public answer: the cache forgets every answer, in any
  // order, before the write's answer is sent.
  outbox.subscribe({
    name: 'read-cache',
    events: PUBLIC_ANSWER_EVENTS,
    inOrder: false,
    inline: true,
    handle: () => services.readCache.invalidate(),
  });
  if (services.notifications) {
    await services.notifications.start();
    for (const subscriber of services.notifications.subscribers()) outbox.subscribe(subscriber);
  }
  // Integrators' webhooks: each event becomes a delivery job per endpoint, retried on its own.
  outbox.subscribe({ name: 'webhooks', events: WEBHOOK_EVENTS, inOrder: true, handle: (event) => services.webhooks.enqueue(event) });
  // Several deliveries at once, one per endpoint: a receiver that hangs holds one slot, not the others.
  await jobs.define<WebhookJob>(
    WEBHOOK_DELIVERY_QUEUE,
    {
      retries: services.webhooks.retries,
      retryDelaySeconds: config.webhooks.retryDelaySeconds,
      unique: true,
      expireInSeconds: 60,
      concurrency: config.webhooks.concurrency,
      laneOf: ({ endpointId }) => endpointId,
    },
    ({ deliveryId }) => services.webhooks.attempt(deliveryId),
  );
  await outbox.start();
  await scheduleWork(jobs, services, config, logger);
  const httpServer = http.createServer();
  const operations = new CompiledOperations(await buildKeenSchema());
  const apollo = createApolloServer(operations, {
    graphql: config.graphql,
    logger,
    plugins: [ApolloServerPluginDrainHttpServer({ httpServer })],
  });
  await apollo.start();
  let draining = false;
  watchPool(db);
  httpServer.on('request', createApp({ config, db, services, logger, apollo, operations, isDraining: () => draining }));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, resolve);
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    services,
    settled: () => outbox.settled(),
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

/** Background work, run once across processes by the job queue. */
async function scheduleWork(jobs: JobQueue, services: AppServices, config: Config, logger: Logger): Promise<void> {
  // Each order is expired on its own: one order's provider error never stops the others.
  await jobs.every('orders.expire-holds', config.orders.expirySweepSeconds, async () => {
    await services.orders.expireOverdue();
  });
  await jobs.every('uploads.clean-up', 60 * 60, async () => {
    const removed = await services.uploads.removeUnreferenced();
    if (removed.length) logger.info({ removed: removed.length }, 'removed unreferenced uploads');
  });
}
