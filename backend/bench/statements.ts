import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { pino } from 'pino';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { loadConfig } from '../src/config';
import { ensureDatabase } from '../src/db/database';
import { createDataSource } from '../src/app/data-source';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { Product } from '../src/modules/catalog/product.entity';
import { Order, OrderState } from '../src/modules/orders/order.entity';
import { Review } from '../src/modules/reviews/review.entity';
import { Role } from '../src/modules/auth/role';
import { User } from '../src/modules/users/user.entity';
import { startServer } from '../src/app/server';
import { addOneLineEach } from './order-lines';

/**
 * `npm run bench -w backend`: latency and SQL statements per request for the pages shoppers and
 * staff load most, on a shop with 500 products, 2,000 orders and 300 reviews. Uses
 * BENCH_DATABASE_URL (a server URL) or an embedded PostgreSQL. Needs the Auth Emulator only for
 * its identity service, so FIREBASE_AUTH_EMULATOR_HOST defaults to 127.0.0.1:9099 (not contacted).
 */
class StatementCounter implements TypeOrmLogger {
  count = 0;
  logQuery() {
    this.count += 1;
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
}

const cases: { name: string; query: string; admin?: boolean }[] = [
  {
    name: 'home: first 6 products + 3 reviews',
    query:
      '{ products(options: { take: 6 }) { items { id name img price } } reviews(options: { take: 3 }) { items { id userName star description } } }',
  },
  {
    name: 'products page (100)',
    query: '{ products(options: { take: 100 }) { totalItems items { id name img price quantity minimumQuantity } } }',
  },
  { name: 'reviews with authors (100)', query: '{ reviews(options: { take: 100 }) { items { id star author { name } } } }' },
  {
    name: 'admin: orders with products (100)',
    query: '{ orders(options: { take: 100 }) { totalItems items { id totalPrice status paid product { name quantity } } } }',
    admin: true,
  },
];

async function main() {
  const runs = Number(process.env.BENCH_RUNS ?? 200);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'keen-bench-'));
  const embedded = process.env.BENCH_DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir, port: 54359, persistent: false });
  const url = await ensureDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url, `keen_bench_${process.pid}`);
  const counter = new StatementCounter();
  const db = createDataSource(url, { logger: counter });
  await db.initialize();
  await db.runMigrations();

  const admin = await db
    .getRepository(User)
    .save({ name: 'Bench Admin', email: 'bench-admin@keen.test', role: Role.admin, emailVerified: true });
  const products = await db.getRepository(Product).save(
    Array.from({ length: 500 }, (_, i) => ({
      name: `Bench Knife ${i}`,
      description: 'A benchmark blade',
      img: '/images/santoku.svg',
      price: 10 + (i % 90),
      quantity: 1000,
      minimumQuantity: 1,
    })),
  );
  const customers = await db
    .getRepository(User)
    .save(Array.from({ length: 50 }, (_, i) => ({ name: `Customer ${i}`, email: `bench-${i}@keen.test`, role: Role.user })));
  await db.getRepository(Order).save(
    Array.from({ length: 2000 }, (_, i) => {
      const product = products[i % products.length];
      const customer = customers[i % customers.length];
      return {
        userName: customer.name,
        email: customer.email,
        customerId: customer.id,
        phone: '555 0100',
        address: '1 Bench Road',
        productId: product.id,
        name: product.name,
        description: product.description,
        img: product.img,
        price: product.price,
        quantity: 2,
        minimumQuantity: 1,
        totalPrice: 2 * product.price,
        state: i % 2 === 0 ? OrderState.Paid : OrderState.AwaitingPayment,
        paidAt: i % 2 === 0 ? new Date() : null,
      };
    }),
    { chunk: 200 },
  );
  await addOneLineEach(db);
  await db.getRepository(Review).save(
    Array.from({ length: 300 }, (_, i) => ({
      userName: customers[i % 50].name,
      name: customers[i % 50].name,
      email: customers[i % 50].email,
      description: 'Sharp!',
      star: 1 + (i % 5),
      authorId: customers[i % 50].id,
    })),
  );

  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    ACCESS_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const server = await startServer(config, db, pino({ level: 'silent' }));
  const adminToken = server.services.identity.issueAccessToken(
    { email: admin.email, name: admin.name, picture: null, emailVerified: true },
    (await db.getRepository(User).findOneByOrFail({ id: admin.id })).tokensValidSince,
  );

  console.log(`${runs} runs each; latency in ms; SQL statements per request\n`);
  console.log('case'.padEnd(40), 'p50'.padStart(7), 'p95'.padStart(7), 'SQL'.padStart(5));
  for (const { name, query, admin: asAdmin } of cases) {
    const times: number[] = [];
    let statements = 0;
    for (let i = 0; i < runs; i += 1) {
      const before = counter.count;
      const started = performance.now();
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(asAdmin ? { authorization: `Bearer ${adminToken}` } : {}) },
        body: JSON.stringify({ query }),
      });
      const body = (await response.json()) as { errors?: unknown };
      if (body.errors) throw new Error(`${name}: ${JSON.stringify(body.errors)}`);
      times.push(performance.now() - started);
      statements = counter.count - before;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(name.padEnd(40), at(0.5).padStart(7), at(0.95).padStart(7), String(statements).padStart(5));
  }

  await server.close();
  await db.destroy();
  if (!embedded) {
    const cleanup = new Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "keen_bench_${process.pid}"`);
    await cleanup.end();
  }
  await embedded?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
