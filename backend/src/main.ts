import 'reflect-metadata';
import { ConfigError, developmentNotice, loadConfig, startupWarnings } from './config';
import { ensureDatabase } from './db/database';
import { createDataSource } from './app/data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrate } from './db/migrate';
import { createLogger } from './common/logger';
import { survivingDatabaseOutages } from './common/database-unreachable';
import { seedBladeRules, seedCatalogue, seedDemoAccounts, seedShipping } from './seed/seed';
import { startServer } from './app/server';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  for (const warning of startupWarnings(config)) logger.warn(warning);
  process.on('unhandledRejection', survivingDatabaseOutages(logger));

  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ port: config.embeddedPostgresPort }, 'starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPostgresPort,
      persistent: true,
      log: (line) => logger.warn(line),
    });
    databaseUrl = await ensureDatabase(embedded.url, 'keen');
  }
  const db = createDataSource(databaseUrl, { pool: config.database });
  await db.initialize();
  // Under an advisory lock: processes started together apply each migration once.
  const applied = await migrate(db);
  if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'applied migrations');

  const server = await startServer(config, db, logger);
  if (config.seedDemo) {
    // Not ready until the demo shop is whole: its photos take seconds to render and store.
    await server.notReadyWhile('seeding the demo shop', async () => {
      await seedCatalogue(db, server.services.uploads, logger, config.shop.currency);
      await seedShipping(db, logger, config.shop.currency);
      await seedBladeRules(db, logger);
      await seedDemoAccounts(db, server.services, config);
    });
  }
  printBanner(server.url, config);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => process.exit(1), config.drainDelayMs + 15_000);
    deadline.unref();
    await server.close();
    await db.destroy();
    await embedded?.stop();
    process.exit(0);
  };
  // From here Keen's own stop is the only answer to these signals: embedded-postgres hooks them
  // to stop its server and exit at once, which would cut off the requests being drained.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

function printBanner(url: string, config: ReturnType<typeof loadConfig>): void {
  const lines = [`Keen is running at ${url}`, `  GraphQL and GraphiQL: ${url}/graphql`, `  REST:                 ${url}/api`];
  if (config.firebase.emulatorHost) {
    const { admin, customer } = config.demoAccounts;
    lines.push('  Demo accounts (Auth Emulator):');
    lines.push(`    admin     ${admin.email} / ${admin.password}`);
    lines.push(`    customer  ${customer.email} / ${customer.password}`);
  }
  const notice = developmentNotice(config);
  if (notice) lines.push(notice);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : ((error as Error)?.stack ?? String(error))}\n`);
  process.exit(1);
});
