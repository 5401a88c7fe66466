import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentNode } from 'graphql';

const GENERATED = 'frontend/src/gql/graphql.ts';

/**
 * The operations the storefront and the dashboard send, by name (`MyOrders`), as frontend/src/gql
 * generates them from their documents: for tests and benchmarks that ask what the pages ask.
 */
export function clientOperations(): Map<string, DocumentNode> {
  // From the sources or from dist-dev: the checkout's root is the nearest folder holding the generated file.
  let root = __dirname;
  while (!existsSync(path.join(root, GENERATED))) {
    if (path.dirname(root) === root) throw new Error(`${GENERATED} not found above ${__dirname}`);
    root = path.dirname(root);
  }
  const generated = readFileSync(path.join(root, GENERATED), 'utf8');
  return new Map(
    [...generated.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode/gm)].map(([, name, json]) => [
      name,
      JSON.parse(json) as DocumentNode,
    ]),
  );
}
