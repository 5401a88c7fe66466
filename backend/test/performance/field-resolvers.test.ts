import { type GraphQLResolveInfo, isObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { Order, OrderStatus } from '../../src/modules/orders/order.entity';

// A My Orders page resolves hundreds of fields; type-graphql's wrapper around each (a middleware
// chain, even an empty one) cost more than reading the property. With `simpleResolvers: true` on
// every @ObjectType, graphql-js reads plain fields itself and only @FieldResolver methods run code.
test('a field of an object type has a resolver of its own only when a @FieldResolver declares one', async () => {
  const schema = await buildKeenSchema();
  const declared = new Set(
    getMetadataStorage().fieldResolvers.map((resolver) => `${resolver.getObjectType?.()?.name}.${resolver.schemaName}`),
  );
  const roots = new Set([schema.getQueryType(), schema.getMutationType()]);
  const withResolver: string[] = [];
  let plainFields = 0;
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || roots.has(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.resolve) withResolver.push(`${type.name}.${field.name}`);
      else plainFields += 1;
    }
  }
  expect(plainFields).toBeGreaterThan(100);
  expect(withResolver.length).toBeGreaterThan(5);
  expect(withResolver.filter((path) => !declared.has(path))).toEqual([]);
});

// type-graphql copies a root into a new instance of its @Root() class for every field resolver it
// reaches, unless the parameter has no type: a class with nothing but data (Product) reads the same
// as the row itself, so its parameters lose their type when the schema is built.
test("a field resolver's root is the row itself when its class is plain data, and a copy when it has getters", async () => {
  await buildKeenSchema();
  const rootsOf = (resolver: string) =>
    getMetadataStorage().params.flatMap((param) => (param.kind === 'root' && param.target.name === resolver ? [param] : []));
  expect(rootsOf('CatalogResolver').length).toBeGreaterThan(3);
  expect(rootsOf('CatalogResolver').map((param) => param.getType)).toEqual(rootsOf('CatalogResolver').map(() => undefined));
  // An order's status is a getter: the orders' field resolvers still get an Order.
  expect(rootsOf('OrdersResolver').map((param) => param.getType?.())).toContain(Order);
});

// type-graphql wraps each field resolver in a function that, for every row, builds a resolver-data
// object, finds the resolver's instance and sorts its parameters; a field that needs only its row,
// the context and the info is called directly (named after the method, for profiles).
test('a field resolver is called directly, and an order field given a row that is not an Order still gets one', async () => {
  const schema = await buildKeenSchema();
  const fieldOf = (typeName: string, field: string) => {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
    return type.getFields()[field];
  };
  expect(fieldOf('Product', 'priceFrom').resolve?.name).toBe('CatalogResolver.priceFrom');
  expect(fieldOf('Order', 'productCode').resolve?.name).toBe('OrdersResolver.productCode');
  expect(fieldOf('Order', 'status').resolve?.name).toBe('Order.status');
  // Query fields carry @Allow, checked by type-graphql's middleware: they keep its wrapper.
  expect(fieldOf('Query', 'products').resolve?.name).not.toContain('.');

  const resolve = (field: string, root: object) => fieldOf('Order', field).resolve!(root, {}, {}, {} as GraphQLResolveInfo);
  const order = Object.assign(new Order(), { productId: 'p-1', shippedAt: new Date() });
  expect(resolve('productCode', order)).toBe('p-1');
  expect(resolve('status', order)).toBe(OrderStatus.Shipped);
  // A plain row takes type-graphql's path, which copies it into an Order: its getters answer.
  expect(resolve('productCode', { productId: 'p-2' })).toBe('p-2');
  expect(resolve('status', { shippedAt: null })).toBe(OrderStatus.Pending);
});
