import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DocumentNode, specifiedRules, validate } from 'graphql';
import { requestLimits } from '../../src/app/apollo';
import { buildKeenSchema } from '../../src/app/graphql-schema';

/**
 * Every operation the storefront and the dashboard send (frontend/src/gql, generated from their
 * documents) is valid against the schema and within the limits the server holds every request to:
 * a field added to a shared fragment must not push a page's query over the cost or depth limit.
 */
function clientOperations(): [name: string, document: DocumentNode][] {
  const generated = readFileSync(path.resolve(__dirname, '../../../frontend/src/gql/graphql.ts'), 'utf8');
  return [...generated.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm)].map(([, name, json]) => [
    name,
    JSON.parse(json) as DocumentNode,
  ]);
}

test("the client's every operation is valid and within the server's depth, token and cost limits", async () => {
  const schema = await buildKeenSchema();
  const { validationRules } = requestLimits(false);
  const operations = clientOperations();
  expect(operations.length).toBeGreaterThan(80);
  const refused = operations
    .map(
      ([name, document]) =>
        [name, validate(schema, document, [...specifiedRules, ...validationRules]).map(({ message }) => message)] as const,
    )
    .filter(([, messages]) => messages.length > 0);
  expect(refused).toEqual([]);
});
