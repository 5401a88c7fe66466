import { specifiedRules, validate } from 'graphql';
import { requestLimits } from '../../src/app/apollo';
import { buildKeenSchema } from '../../src/app/graphql-schema';
import { clientOperations } from '../../dev/client-operations';

/**
 * Every operation the storefront and the dashboard send (frontend/src/gql, generated from their
 * documents) is valid against the schema and within the limits the server holds every request to:
 * a field added to a shared fragment must not push a page's query over the cost or depth limit.
 */
test("the client's every operation is valid and within the server's depth, token and cost limits", async () => {
  const schema = await buildKeenSchema();
  const { validationRules } = requestLimits(false);
  const operations = [...clientOperations()];
  expect(operations.length).toBeGreaterThan(80);
  const refused = operations
    .map(
      ([name, document]) =>
        [name, validate(schema, document, [...specifiedRules, ...validationRules]).map(({ message }) => message)] as const,
    )
    .filter(([, messages]) => messages.length > 0);
  expect(refused).toEqual([]);
});
