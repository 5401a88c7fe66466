import { syncFirstImage } from '../../src/modules/catalog/gallery';
import { randomBytes } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { type Logger, pino } from 'pino';
import { Client } from 'pg';
import type { DataSource, Logger as TypeOrmLogger } from 'typeorm';
import { type Config, loadConfig } from '../../src/config';
import { createDataSource } from '../../src/app/data-source';
import { Product } from '../../src/modules/catalog/product.entity';
import { freeSlugs, slugPart } from '../../src/modules/catalog/slugs';
import { addOnlyVariant } from '../../src/modules/catalog/variants';
import { Order } from '../../src/modules/orders/order.entity';
import { Role } from '../../src/modules/auth/role';
import { countryName } from '@keen/rules/address';
import { User } from '../../src/modules/users/user.entity';
import { startServer } from '../../src/app/server';
import type { AppGraphQLContext } from '../../src/app/services';

/** Test shops charge USD: a whole or decimal dollar amount in cents. */
export const dollars = (amount: number) => Math.round(amount * 100);

/** A test product's fields, its price and engraving surcharge in dollars (the shop keeps cents). */
export type ProductFixture = Partial<Product> & { price?: number; engravingPrice?: number };

/** Counts the SQL statements sent while `counting` is on; used to prove lists are batched. */
export class QueryCounter implements TypeOrmLogger {
  counting = false;
  count = 0;
  /** The texts of the statements counted. */
  texts: string[] = [];
  logQuery(text: string): void {
    if (!this.counting) return;
    this.count += 1;
    this.texts.push(text);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

export interface TestSession {
  email: string;
  token: string;
}

export interface GraphQLResponse<T = Record<string, any>> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export interface TestAppOptions {
  /** The app's logger (silent by default). */
  logger?: Logger;
  /** Replaces parts of the loaded config, e.g. `{ env: 'production' }` for production-only behaviour. */
  overrides?: Partial<Config>;
  /** The app reaches PostgreSQL at this host:port (e.g. a proxy a test can cut) instead of the server's own. */
  databaseAddress?: { host: string; port: number };
  /** An existing test database (left in place on close) instead of a new one. */
  database?: TestDatabase;
  /** Apollo Server plugins registered beside the app's own. */
  plugins?: ApolloServerPlugin<AppGraphQLContext>[];
}

/**
 * A running Keen on its own database (a copy of the migrated template) for one test file.
 * Call in `beforeAll`, and `close()` in `afterAll`.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}) {
  const database = options.database ?? (await createTestDatabase());
  const url = new URL(database.url);
  if (options.databaseAddress) {
    url.hostname = options.databaseAddress.host;
    url.port = String(options.databaseAddress.port);
  }

  const queries = new QueryCounter();
  // More than Keen's default (10), so rushes run many transactions at once; few enough that the apps of
  // jest's two workers (with their job queues and replicas) stay under PostgreSQL's default
  // max_connections (100): past it a rush's orders were refused with 53300 ("too many clients").
  const db: DataSource = createDataSource(url.toString(), { poolSize: 25, logger: queries });
  await db.initialize();
  const configEnv = {
    NODE_ENV: 'test',
    PORT: '0',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    ADMIN_EMAILS: '',
    // The shop's protective per-user limits would trip suites that buy and review many times as one
    // account; the tests of those limits set them back (test/trust/limits-that-bite.test.ts).
    RATE_LIMIT_ORDERS: '1000',
    RATE_LIMIT_REVIEWS: '1000',
    MAX_HELD_UNITS_PER_PRODUCT: '2147483647',
    MAX_UNPAID_ORDERS_UNVERIFIED: '1000',
    ...env,
  };
  const config = { ...loadConfig(configEnv), ...options.overrides };
  const server = await startServer(config, db, options.logger ?? pino({ level: 'silent' }), options.plugins);
  const emulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
  const password = 'secret-password-1';

  async function emulatorCall(path: string, body: object, headers: Record<string, string> = {}): Promise<Record<string, any>> {
    const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, any>;
    if (!response.ok) throw new Error(`emulator ${path} failed: ${JSON.stringify(answer)}`);
    return answer;
  }

  /** An ID token from a fresh sign-in (see signUp for why a fresh one). */
  async function signIn(email: string): Promise<TestSession> {
    const { idToken } = await emulatorCall('accounts:signInWithPassword?key=demo-api-key', { email, password, returnSecureToken: true });
    return { email, token: idToken };
  }

  /**
   * Marks the account's e-mail verified through the emulator's admin API (as the owner clicking
   * the verification link would) and answers a fresh token that says so.
   */
  async function verifyEmail(session: TestSession): Promise<TestSession> {
    const { users } = await emulatorCall('accounts:lookup?key=demo-api-key', { idToken: session.token });
    await emulatorCall(
      `projects/${config.firebase.projectId}/accounts:update`,
      { localId: users[0].localId, emailVerified: true },
      { authorization: 'Bearer owner' },
    );
    return signIn(session.email);
  }

  async function gql<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
    session?: TestSession | string,
  ): Promise<GraphQLResponse<T>> {
    const token = typeof session === 'string' ? session : session?.token;
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResponse<T>;
  }

  /** Answers one request, with the SQL statements sent while answering it. */
  async function statementsFor<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
    session?: TestSession,
  ): Promise<{ count: number; texts: string[]; data: T }> {
    // Deliveries after earlier commits run on their own; they are not this request's statements.
    await server.settled();
    queries.count = 0;
    queries.texts = [];
    queries.counting = true;
    try {
      const res = await gql<T>(query, variables, session);
      if (res.errors) throw new Error(JSON.stringify(res.errors));
      return { count: queries.count, texts: queries.texts, data: res.data! };
    } finally {
      queries.counting = false;
    }
  }

  /**
   * Signs up a fresh account with the Auth Emulator and answers an ID token from a sign-in after it:
   * the emulator stamps a new account's first token before the account's "valid since" time, so
   * that token reads as revoked whenever a second boundary falls in between.
   */
  async function signUp(
    prefix = 'shopper',
    displayName?: string,
    email = `${prefix}-${randomBytes(5).toString('hex')}@keen.test`,
  ): Promise<TestSession> {
    await emulatorCall('accounts:signUp?key=demo-api-key', { email, password, displayName, returnSecureToken: true });
    return signIn(email);
  }

  /** A signed-up customer with a profile row. */
  async function customer(prefix = 'customer'): Promise<TestSession & { user: User }> {
    const session = await signUp(prefix, `${prefix} name`);
    const { errors } = await gql('{ me { id } }', {}, session);
    if (errors) throw new Error(JSON.stringify(errors));
    return { ...session, user: await db.getRepository(User).findOneByOrFail({ email: session.email }) };
  }

  /** An admin: a customer given the role, with a verified e-mail (admin rights need one). */
  async function adminUser(): Promise<TestSession & { user: User }> {
    const session = await verifyEmail(await customer('admin'));
    // The first verified sight updates the row; take it now so that later requests are ordinary.
    const { errors } = await gql('{ me { id } }', {}, session);
    if (errors) throw new Error(JSON.stringify(errors));
    await db.getRepository(User).update({ email: session.email }, { role: Role.admin });
    return { ...session, user: await db.getRepository(User).findOneByOrFail({ email: session.email }) };
  }

  let productNumber = 0;
  async function product({ price = 25, engravingPrice, ...overrides }: ProductFixture = {}): Promise<Product> {
    productNumber += 1;
    // As the catalogue makes one: the product, with a slug from its name, its one variant and its gallery's photo.
    const name = overrides.name ?? `Test Knife ${productNumber} ${randomBytes(3).toString('hex')}`;
    return db.transaction(async (manager) => {
      const [slug] = await freeSlugs(manager, [slugPart(name)]);
      const made = await manager.getRepository(Product).save(
        manager.getRepository(Product).create({
          name,
          slug,
          description: 'A sharp test knife',
          img: '/images/santoku.svg',
          priceAmount: dollars(price),
          ...(engravingPrice === undefined ? {} : { engravingAmount: dollars(engravingPrice) }),
          quantity: 10,
          minimumQuantity: 1,
          ...overrides,
        }),
      );
      await addOnlyVariant(manager, made);
      await syncFirstImage(manager, made.id, made.img);
      return made;
    });
  }

  /** Places an order through the API, as the customer would, to an address text in the shop's country. */
  async function placeOrder(session: TestSession, productId: string, quantity = 1): Promise<Order> {
    const { data, errors } = await gql<{ placeOrder: { id: string } }>(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      { input: { productId, quantity, phone: '+1 555 0100', address: `1 Test Street, ${countryName(config.shop.country)}` } },
      session,
    );
    if (errors) throw new Error(JSON.stringify(errors));
    return db.getRepository(Order).findOneByOrFail({ id: data!.placeOrder.id });
  }

  /** Pays for the order as its customer would, with the offline provider's success card. */
  async function payOrder(session: TestSession, orderId: string): Promise<Order> {
    const { errors } = await gql(
      'mutation($orderId: ID!, $card: TestCardInput!) { confirmTestCardPayment(orderId: $orderId, card: $card) { id } }',
      { orderId, card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' } },
      session,
    );
    if (errors) throw new Error(JSON.stringify(errors));
    return db.getRepository(Order).findOneByOrFail({ id: orderId });
  }

  /** A second Keen process on the same database, as a replica behind a load balancer would be. */
  async function replica(replicaEnv: Record<string, string> = {}) {
    const replicaDb = createDataSource(url.toString(), { poolSize: 10 });
    await replicaDb.initialize();
    const replicaServer = await startServer(
      { ...loadConfig({ ...configEnv, ...replicaEnv }), accessTokenSecret: config.accessTokenSecret },
      replicaDb,
      pino({ level: 'silent' }),
    );
    return {
      url: replicaServer.url,
      services: replicaServer.services,
      async close() {
        await replicaServer.close();
        await replicaDb.destroy();
      },
    };
  }

  return {
    url: server.url,
    db,
    /** The app's own database, for a second connection or process. */
    databaseUrl: url.toString(),
    services: server.services,
    /** The names of the queues, recurring jobs and outbox subscribers the server wired. */
    work: server.work,
    queries,
    /** Waits for the deliveries after earlier commits still running (they run after the write's answer). */
    settled: () => server.settled(),
    notReadyWhile: <T>(reason: string, work: () => Promise<T>) => server.notReadyWhile(reason, work),
    gql,
    statementsFor,
    config,
    signUp,
    signIn,
    verifyEmail,
    customer,
    adminUser,
    product,
    placeOrder,
    payOrder,
    replica,
    async close() {
      await server.close();
      await db.destroy();
      if (!options.database) await database.drop();
    },
  };
}

export interface TestDatabase {
  url: string;
  /** Removes the database, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/** A database of its own for one test file: a copy of the migrated template (pg-boss's tables included). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.KEEN_TEST_SERVER_URL!;
  const name = `keen_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${process.env.KEEN_TEST_TEMPLATE}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** The error code of the first GraphQL error, for `expect(codeOf(res)).toBe('FORBIDDEN')`. */
export function codeOf(response: GraphQLResponse): string | undefined {
  return response.errors?.[0]?.extensions?.code;
}

export function messageOf(response: GraphQLResponse): string | undefined {
  return response.errors?.[0]?.message;
}
