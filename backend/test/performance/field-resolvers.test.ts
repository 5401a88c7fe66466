import { isObjectType } from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { buildKeenSchema } from '../../src/app/graphql-schema';

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
