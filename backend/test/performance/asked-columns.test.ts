import { randomBytes } from 'node:crypto';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
  isLeafType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { type AskedFields, columnsAsked } from '../../src/common/asked-fields';
import { OrderLine } from '../../src/modules/orders/order-line.entity';
import { Order } from '../../src/modules/orders/order.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';

/**
 * Lists read only the columns their asked fields need: a column of the field's own name, or what
 * an entity's getter or a resolver declares (`@ReadsColumns`).
 * Here every field of a product, an order and an order's line, asked alone of a list, answers
 * what it answers read with every column: a resolver reading a column it does not declare fails;
 * and every field of an order and its lines is a column or declares, so no page reads them all.
 */
let app: TestApp;
let buyer: TestSession;
let schema: GraphQLSchema;
const tag = `Cols${randomBytes(3).toString('hex')}`;
let productId: string;

beforeAll(async () => {
  app = await startTestApp({ READ_CACHE: 'false', MAX_UNPAID_ORDERS: '100' });
  const introspection = await app.gql<IntrospectionQuery>(getIntrospectionQuery());
  schema = buildClientSchema(introspection.data!);
  buyer = await app.verifyEmail(await app.customer());
  const admin = await app.adminUser();
  // Made to order, reviewed, with a second photo: the fields other modules make have something to say.
  const product = await app.product({
    name: `${tag} knife`,
    quantity: 0,
    madeToOrderMinDays: 10,
    madeToOrderMaxDays: 15,
    engravingPrice: 7,
  });
  productId = product.id;
  const reviewed = await app.gql(
    'mutation($input: AddReviewInput!) { addReview(input: $input) { id } }',
    { input: { productId, star: 4, description: `${tag} review` } },
    await app.customer(),
  );
  expect(reviewed.errors).toBeUndefined();
  const photo = await app.gql(
    'mutation($productId: ID!, $input: ProductImageInput!) { addProductImage(productId: $productId, input: $input) { id } }',
    { productId, input: { url: '/uploads/0123456789abcdef0123456789abcdef.webp', alt: 'The spine' } },
    admin,
  );
  expect(photo.errors).toBeUndefined();
  // One order awaiting payment, one paid, one shipped and delivered.
  const stocked = await app.product({ name: `${tag} stocked`, quantity: 20 });
  await app.placeOrder(buyer, stocked.id);
  const paid = await app.placeOrder(buyer, stocked.id, 2);
  await app.payOrder(buyer, paid.id);
  const delivered = await app.placeOrder(buyer, productId);
  await app.payOrder(buyer, delivered.id);
  await app.db.getRepository(Order).update(delivered.id, {
    trackingCarrier: 'UPS',
    trackingNumber: '1Z999',
    shippedAt: new Date('2026-11-20T10:00:00Z'),
    deliveredAt: new Date('2026-11-22T10:00:00Z'),
  });
});
afterAll(() => app.close());

const depthOf = 2;

/** A selection of every field of `type` that takes no required argument, `depth` objects deep. */
function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (!isObjectType(type)) return '__typename';
  const fields = Object.values(type.getFields()).filter((field) => !field.args.some((arg) => isNonNullType(arg.type)));
  return fields
    .map((field) => fieldSelection(field, depth))
    .filter(Boolean)
    .join(' ');
}

function fieldSelection(field: GraphQLField<unknown, unknown>, depth: number): string {
  const type = getNamedType(field.type);
  if (isLeafType(type)) return field.name;
  if (depth === 0) return '';
  const inner = selectionOf(type, depth - 1);
  return inner ? `${field.name} { ${inner} }` : '';
}

const fieldsOf = (typeName: string) => {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return Object.values(type.getFields()).filter((field) => !field.args.some((arg) => isNonNullType(arg.type)));
};

test("each product field asked alone of the product list answers what the product's full read answers", async () => {
  const fields = fieldsOf('Product');
  expect(fields.length).toBeGreaterThan(20);
  for (const field of fields) {
    const selection = fieldSelection(field, depthOf);
    if (!selection) continue;
    const listed = await app.gql(
      `query($search: String) { products(options: { search: $search, take: 100 }) { items { id ${selection} } } }`,
      {
        search: `${tag} knife`,
      },
    );
    const full = await app.gql(`query($id: ID!) { product(id: $id) { id ${selection} } }`, { id: productId });
    expect({ field: field.name, errors: listed.errors ?? full.errors }).toEqual({ field: field.name, errors: undefined });
    const item = listed.data!.products.items.find((candidate: { id: string }) => candidate.id === productId);
    expect({ field: field.name, value: item }).toEqual({ field: field.name, value: full.data!.product });
  }
});

test("each order field, and each of its lines' fields, asked alone of My Orders answers what the order's full read answers", async () => {
  const asked = [
    ...fieldsOf('Order').map((field) => ({ name: field.name, selection: fieldSelection(field, depthOf) })),
    ...fieldsOf('OrderLine').map((field) => ({ name: `lines.${field.name}`, selection: `lines { id ${fieldSelection(field, depthOf)} }` })),
  ];
  expect(asked.length).toBeGreaterThan(60);
  for (const { name, selection } of asked) {
    if (!selection || selection === 'lines { id  }') continue;
    const mine = await app.gql(`{ myOrders(options: { take: 20 }) { items { id ${selection} } } }`, {}, buyer);
    expect({ field: name, errors: mine.errors }).toEqual({ field: name, errors: undefined });
    expect(mine.data!.myOrders.items).toHaveLength(3);
    for (const item of mine.data!.myOrders.items) {
      const full = await app.gql(`query($id: ID!) { order(id: $id) { id ${selection} } }`, { id: item.id }, buyer);
      expect({ field: name, value: item }).toEqual({ field: name, value: full.data!.order });
    }
  }
}, 120_000);

test('every field of an order and of its lines is a column or declares the columns it reads, so a page of orders never reads them all', async () => {
  // The server's own schema: introspection does not show a field's extensions (its declared columns).
  const serverSchema = await buildKeenSchema();
  const undeclared = [Order, OrderLine].flatMap((entity) => {
    const columns = new Set(app.db.getMetadata(entity).columns.map((column) => column.propertyName));
    const fields = Object.values((serverSchema.getType(entity.name) as GraphQLObjectType).getFields());
    return fields
      .filter((field) => !columns.has(field.name) && !field.extensions.readsColumns)
      .map((field) => `${entity.name}.${field.name}`);
  });
  // A guest's link token is never a column: it is set only on the answers that may show it.
  expect(undeclared).toEqual(['Order.guestToken']);
});

test('a field that declares nothing may read any column: then all are read, and a declared column that is none is refused', () => {
  const columns = new Set(['id', 'state', 'shippedAt', 'totalAmount']);
  /** `resolved`: each resolved field's declared columns, or null for one that declares none. */
  const asked = (plain: string[], resolved: Record<string, string[] | null>): AskedFields => ({
    plain: new Set(plain),
    resolved: new Set(Object.keys(resolved)),
    declared: new Map(Object.entries(resolved).filter((entry): entry is [string, string[]] => entry[1] !== null)),
    related: new Map(),
  });
  expect(columnsAsked(asked(['__typename', 'id'], { status: ['shippedAt'], totals: ['totalAmount'] }), columns, ['state'])).toEqual([
    'state',
    'id',
    'shippedAt',
    'totalAmount',
  ]);
  expect(columnsAsked(asked(['id'], { proofRoundsLeft: null }), columns)).toBeNull();
  expect(columnsAsked(asked(['id', 'guestToken'], {}), columns)).toBeNull();
  expect(() => columnsAsked(asked(['id'], { totals: ['guestToken'] }), columns)).toThrow(
    'totals declares guestToken, which is not a column',
  );
  expect(() => columnsAsked(asked(['id'], {}), columns, ['proofRequired'])).toThrow('proofRequired is read always, but is not a column');
});
