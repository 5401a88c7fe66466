import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { buildKeenSchema } from './graphql/schema';
import { createApolloServer } from './graphql/server';
import { createApp } from './http/app';
import { createServices, Services } from './services';

export interface RunningServer {
  url: string;
  services: Services;
  /** Stops accepting connections, finishes requests in flight, then resolves. */
  close(): Promise<void>;
}

/** The HTTP server over an initialized, migrated database: used by `main.ts` and by the tests. */
export async function startServer(config: Config, db: DataSource, logger: Logger): Promise<RunningServer> {
  const services = createServices(db, config, logger);
  await services.limits.ready();
  const httpServer = http.createServer();
  const apollo = createApolloServer(await buildKeenSchema(), {
    production: config.env === 'production',
    graphql: config.graphql,
    logger,
    plugins: [ApolloServerPluginDrainHttpServer({ httpServer })],
  });
  await apollo.start();
  httpServer.on('request', createApp({ config, db, services, logger, apollo }));
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, resolve);
  });
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    services,
    async close() {
      await apollo.stop();
      await services.identity.close();
      await services.limits.close();
    },
  };
}
