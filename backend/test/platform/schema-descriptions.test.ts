import {
  type GraphQLNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
} from 'graphql';
import { buildKeenSchema } from '../../src/app/graphql-schema';

/** Every place of the schema an integrator reads in GraphiQL, by path, that has no description. */
function undescribed(type: GraphQLNamedType): string[] {
  const missing = type.description ? [] : [type.name];
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      const path = `${type.name}.${field.name}`;
      if (!field.description) missing.push(path);
      if ('args' in field) for (const arg of field.args) if (!arg.description) missing.push(`${path}(${arg.name})`);
    }
  }
  if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  return missing;
}

test('every type, field, argument and enum value of the schema has a description', async () => {
  const schema = await buildKeenSchema();
  const ours = Object.values(schema.getTypeMap()).filter(
    (type) => !type.name.startsWith('__') && !(isScalarType(type) && isSpecifiedScalarType(type)),
  );
  expect(ours.length).toBeGreaterThan(30);
  expect(ours.flatMap(undescribed)).toEqual([]);
});
