import { randomBytes } from 'node:crypto';
import { print } from 'graphql';
import { clientOperations } from '../../dev/client-operations';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * The regression guard for the pages shoppers and staff load most: the SQL statements one request
 * costs, with the read cache off (what a first visit costs), whatever the number of rows. Each
 * list is one statement (its rows and count together); a signed-in request adds one for the caller.
 */
let app: TestApp;
let admin: TestSession;
let buyer: TestSession;
const tag = `Sql${randomBytes(3).toString('hex')}`;
beforeAll(async () => {
  app = await startTestApp({ READ_CACHE: 'false', MAX_UNPAID_ORDERS: '100' });
  admin = await app.adminUser();
  buyer = await app.customer();
  for (let i = 0; i < 30; i += 1) {
    const product = await app.product({ name: `${tag} knife ${i}`, quantity: 50 });
    await app.placeOrder(buyer, product.id);
    const reviewer = await app.customer();
    await app.gql(
      'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
      { input: { star: 5, description: `${tag} ${i}` } },
      reviewer,
    );
  }
});
afterAll(() => app.close());

test.each([
  [
    'home: 6 products and 3 reviews with authors',
    '{ products(options: { take: 6 }) { totalItems items { id name img price } } reviews(options: { take: 3 }) { items { id star author { name img } } } }',
    3,
  ],
  [
    'products page (100 rows)',
    '{ products(options: { take: 100 }) { totalItems items { id name img price quantity minimumQuantity } } }',
    1,
  ],
  ['search with relevance', `{ products(options: { search: "${tag} knife" }) { totalItems items { id name } } }`, 1],
  [
    'reviews page with authors (100 rows)',
    '{ reviews(options: { take: 100 }) { totalItems items { id star description author { name img } } } }',
    2,
  ],
])('%s: %i statements', async (_name, query, expected) => {
  expect((await app.statementsFor(query)).count).toBe(expected);
});

test('a product page: 1 statement', async () => {
  const { data } = await app.statementsFor('{ products(options: { take: 1 }) { items { id } } }');
  expect((await app.statementsFor('query($id: ID!) { product(id: $id) { id name } }', { id: data.products.items[0].id })).count).toBe(1);
});

test("a product page by its slug, with its rating and photos: 1 plain statement, answering as its fields' own loaders do", async () => {
  // Named apart from the tagged thirty, which the list tests count.
  const knife = await app.product({ name: `Page knife ${randomBytes(3).toString('hex')}`, quantity: 5 });
  for (const star of [4, 5]) {
    const reviewer = await app.customer();
    const added = await app.gql(
      'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
      { input: { productId: knife.id, star, description: `${tag} page ${star}` } },
      reviewer,
    );
    expect(added.errors).toBeUndefined();
  }
  const added = await app.gql(
    'mutation($productId: ID!, $input: ProductImageInput!) { addProductImage(productId: $productId, input: $input) { id } }',
    { productId: knife.id, input: { url: '/uploads/0123456789abcdef0123456789abcdef.webp', alt: 'The spine' } },
    admin,
  );
  expect(added.errors).toBeUndefined();
  const fields = 'id name slug rating { average count } images { id url alt position srcset }';
  const { count, texts, data } = await app.statementsFor(`query($slug: String!) { product(slug: $slug) { ${fields} } }`, {
    slug: knife.slug.toUpperCase(),
  });
  expect(count).toBe(1);
  // The product by its current slug is one plain statement, with its rating and photos; its old slugs are not asked.
  expect(texts[0]).toMatch(/^SELECT p\."id", [\s\S]* AS "joined:rating" FROM "product" p WHERE lower\(p\."slug"\) = \$1$/);
  // The photos as the schema answers them: no time stamp to format, no product id the row already has.
  expect(texts[0]).toContain(`json_build_object('id', i."id", 'url', i."url", 'alt', i."alt", 'position', i."position")`);
  expect(data.product.rating).toEqual({ average: 4.5, count: 2 });
  expect(data.product.images.map((image: { url: string; alt: string }) => [image.url, image.alt])).toEqual([
    ['/images/santoku.svg', ''],
    ['/uploads/0123456789abcdef0123456789abcdef.webp', 'The spine'],
  ]);
  // By its id the same fields come from their loaders: the same answer.
  const byId = await app.gql(`query($id: ID!) { product(id: $id) { ${fields} } }`, { id: knife.id });
  expect(data.product).toEqual(byId.data!.product);
  // A product with neither reviews nor photos beyond its own.
  const bare = await app.product({ name: `Bare knife ${randomBytes(3).toString('hex')}` });
  const { data: bareData } = await app.statementsFor('query($slug: String!) { product(slug: $slug) { rating { average count } } }', {
    slug: bare.slug,
  });
  expect(bareData.product.rating).toEqual({ average: 0, count: 0 });
});

test('a product by a slug it had: its current slug first, then its old ones (2 statements)', async () => {
  const knife = await app.product({ name: `Moved knife ${randomBytes(3).toString('hex')}` });
  const renamed = await app.gql(
    'mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { slug } }',
    { id: knife.id, input: { price: 90, quantity: 4, minimumQuantity: 1, img: '/images/santoku.svg', slug: `${knife.slug}-moved` } },
    admin,
  );
  expect(renamed.errors).toBeUndefined();
  const query = 'query($slug: String!) { product(slug: $slug) { id slug rating { count } } }';
  const moved = await app.statementsFor(query, { slug: knife.slug });
  expect(moved.count).toBe(2);
  expect(moved.texts[1]).toMatch(/JOIN "product_slug_history" h ON h\."productId" = p\."id" WHERE h\."slug" = \$1$/);
  expect(moved.data.product).toEqual({ id: knife.id, slug: `${knife.slug}-moved`, rating: { count: 0 } });
  expect((await app.statementsFor(query, { slug: `${knife.slug}-moved` })).count).toBe(1);
});

test('admin orders page (100 rows, with their products): 3 statements', async () => {
  const { count, data } = await app.statementsFor(
    '{ orders(options: { take: 100 }) { totalItems items { id totalPrice status paid product { name quantity } } } }',
    {},
    admin,
  );
  expect(data.orders.items.length).toBeGreaterThanOrEqual(30);
  expect(data.orders.items.every((order: { product: { name: string } | null }) => order.product?.name)).toBe(true);
  expect(count).toBe(3);
});

test('My Orders as its page asks (20 rows with their lines): 2 statements, the caller and the page', async () => {
  const { count, data } = await app.statementsFor(
    '{ myOrders(options: { take: 20 }) { totalItems items { id name totalPrice lines { id name quantity unitPrice lineTotal engraving { text } } } } }',
    {},
    buyer,
  );
  expect(data.myOrders.items).toHaveLength(20);
  expect(data.myOrders.totalItems).toBe(30);
  expect(data.myOrders.items.every((order: { lines: { name: string }[] }) => order.lines.length >= 1 && order.lines[0].name)).toBe(true);
  expect(count).toBe(2);
});

test('an order page reads the columns its fields need: plain ones, what getters and resolvers declare, what a field reads of the lines', async () => {
  const page = (fields: string) => app.statementsFor(`{ myOrders(options: { take: 20 }) { totalItems items { ${fields} } } }`, {}, buyer);
  const selected = (statement: string) => statement.slice(0, statement.indexOf(' FROM "order"'));

  const narrow = await page('id name status paid engraving { text } lines { name unitPrice engraving { text } }');
  const [, list] = narrow.texts;
  expect(selected(list)).toContain('"shippedAt"');
  expect(selected(list)).toContain('"engravingText"');
  expect(selected(list)).toContain(`'unitAmount', line."unitAmount"`);
  for (const unasked of ['"shippingAddress"', '"guestEmail"', '"taxAmount"', 'json_agg(line ORDER BY'])
    expect(selected(list)).not.toContain(unasked);
  // A line's order and currency come from its order's row, not from each line's JSON.
  for (const fromOrder of [`'orderId'`, `'currency'`, `'position'`, `'productId'`]) expect(selected(list)).not.toContain(fromOrder);
  const orders = narrow.data.myOrders.items as { status: string; paid: boolean; lines: { name: string; unitPrice: number }[] }[];
  expect(orders).toHaveLength(20);
  expect(
    orders.every((order) => order.status === 'Pending' && order.paid === false && order.lines[0].name && order.lines[0].unitPrice > 0),
  ).toBe(true);

  // Without lines, none are read.
  expect(selected((await page('id name')).texts[1])).not.toContain('order_line');
  // Another module's field reads what its resolver declares (@ReadsColumns): its totals, their amounts.
  const totals = selected((await page('id totals { total { amount } }')).texts[1]);
  expect(totals).toContain('"totalAmount"');
  expect(totals).not.toContain('"shippingAddress"');
  // A field that reads the lines declares their columns too (@ReadsColumnsOf): they come, with those asked, and no more.
  const rounds = await page('id proofRoundsLeft lines { name }');
  const roundsList = selected(rounds.texts[1]);
  expect(roundsList).toContain('"state"');
  expect(roundsList).toContain(`'proofRequired', line."proofRequired"`);
  expect(roundsList).toContain(`'name', line."name"`);
  for (const unasked of ['"shippingAddress"', '"guestEmail"', 'json_agg(line ORDER BY', `'unitAmount'`])
    expect(roundsList).not.toContain(unasked);
  expect(rounds.data.myOrders.items.every((order: { proofRoundsLeft: number }) => order.proofRoundsLeft === 0)).toBe(true);
  // Without the lines asked, that field still has them read, with its columns only.
  const roundsAlone = selected((await page('id proofRoundsLeft')).texts[1]);
  expect(roundsAlone).toContain(`json_build_object('id', line."id", 'proofRequired', line."proofRequired")`);
});

test("the dashboard's and My Orders' own pages read the columns they show (no guest link's hash, no payment intent, no line whole), and no gift cards of unpaid orders", async () => {
  const operations = clientOperations();
  for (const [name, session] of [
    ['AdminOrders', admin],
    ['MyOrders', buyer],
  ] as const) {
    const { texts, data } = await app.statementsFor(print(operations.get(name)!), { options: { take: 20 } }, session);
    const list = texts.find((text) => text.includes(' FROM "order"'))!;
    const selected = list.slice(0, list.indexOf(' FROM "order"'));
    expect(selected).toContain('"guestEmail"');
    for (const unshown of ['"guestTokenHash"', '"paymentIntentId"', 'json_agg(line ORDER BY']) expect(selected).not.toContain(unshown);
    expect(Object.values(data)[0].items.length).toBeGreaterThan(0);
    // The buyer's orders are all unpaid: none issued a gift card, so none is looked for.
    if (name === 'MyOrders') expect(texts.filter((text) => text.includes('gift_card'))).toEqual([]);
  }
});

test('My Orders (20 rows, with their products): 3 statements', async () => {
  const { count, data } = await app.statementsFor(
    '{ myOrders(options: { take: 20 }) { totalItems items { id name totalPrice status paid product { quantity } } } }',
    {},
    buyer,
  );
  expect(data.myOrders.items).toHaveLength(20);
  expect(data.myOrders.totalItems).toBe(30);
  expect(count).toBe(3);
});

test('a page past the end answers no rows and the right count', async () => {
  const { count, data } = await app.statementsFor(
    `{ products(options: { search: "${tag}", skip: 40, take: 10 }) { totalItems items { id } } }`,
  );
  expect(data.products).toEqual({ totalItems: 30, items: [] });
  expect(count).toBe(2);
  const lastPage = await app.statementsFor(`{ products(options: { search: "${tag}", skip: 25, take: 10 }) { totalItems items { id } } }`);
  expect(lastPage.data.products.totalItems).toBe(30);
  expect(lastPage.data.products.items).toHaveLength(5);
});

describe('a product list reads the columns its answer needs, and no others', () => {
  /** The quoted columns a list statement selects, in order (its count is not a column). */
  const selected = (text: string) => [.../^SELECT (.*?)count\(\*\) OVER/.exec(text)![1].matchAll(/"(\w+)"/g)].map((match) => match[1]);

  test('GraphQL: the fields asked under items, through fragments and aliases', async () => {
    const { texts, data } = await app.statementsFor(
      `{ products(options: { search: "${tag} knife 1", take: 2 }) { totalItems items { ...Priced label: name ... on Product { quantity } } } }
       fragment Priced on Product { id price priceFrom { amount } }`,
    );
    expect(texts).toHaveLength(1);
    // The whole price and the Money are both made from the one column of cents.
    expect(selected(texts[0])).toEqual(['id', 'name', 'priceAmount', 'quantity']);
    // One of its 50 is held by the order placed in beforeAll.
    expect(data.products.items[0]).toEqual({
      id: expect.any(String),
      label: `${tag} knife 1`,
      price: expect.any(Number),
      priceFrom: { amount: expect.any(Number) },
      quantity: 49,
    });
  });

  test('GraphQL: only the count when no item field is asked', async () => {
    const { texts, data } = await app.statementsFor(`{ products(options: { search: "${tag}" }) { totalItems } }`);
    expect(texts).toHaveLength(1);
    expect(selected(texts[0])).toEqual([]);
    expect(data.products.totalItems).toBe(30);
  });

  test('REST: the fields of a REST product (not the timestamps it does not show)', async () => {
    // Waits for earlier writes' deliveries, which are not this request's statements.
    await app.statementsFor('{ __typename }');
    app.queries.texts = [];
    app.queries.counting = true;
    const response = await fetch(`${app.url}/api/products?q=${tag}&take=3`);
    app.queries.counting = false;
    // The answer's shape is test/catalog/rest.test.ts's to check; here, what it cost.
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(3);
    // The list, then the variants of the page in one statement.
    expect(app.queries.texts).toHaveLength(2);
    expect(app.queries.texts[1]).toContain('FROM "product_variant" v');
    expect(selected(app.queries.texts[0])).toEqual([
      'id',
      'name',
      'img',
      'description',
      'priceAmount',
      'quantity',
      'minimumQuantity',
      'engravable',
      'engravingMaxLength',
      'engravingAmount',
      'engravingPlacements',
      'slug',
      'ageRestricted',
      'minimumAge',
      'kind',
      // REST products answer their weight (a variant without its own weighs its product's).
      'weightGrams',
    ]);
  });
});

test('an order placed: its event is recorded delivered to every subscriber, the read cache (inline) among them, in one statement', async () => {
  const product = await app.product({ name: `${tag} outbox`, quantity: 5 });
  await app.settled();
  app.queries.texts = [];
  app.queries.counting = true;
  let order: Awaited<ReturnType<TestApp['placeOrder']>>;
  try {
    order = await app.placeOrder(buyer, product.id);
    await app.settled();
  } finally {
    app.queries.counting = false;
  }
  // The read cache's delivery at the commit is recorded with the later ones' (webhooks, e-mails, the age evidence), not on its own.
  expect(app.queries.texts.filter((text) => /^\s*UPDATE "outbox_event"/.test(text))).toHaveLength(1);
  const [event]: { deliveredAt: Date | null; deliveredTo: string[] }[] = await app.db.query(
    `SELECT "deliveredAt", "deliveredTo" FROM "outbox_event" WHERE "aggregateId" = $1 AND "name" = 'order.placed'`,
    [order.id],
  );
  expect(event.deliveredAt).toBeInstanceOf(Date);
  expect(event.deliveredTo).toEqual(expect.arrayContaining(['read-cache', 'webhooks', 'age-evidence']));
});
