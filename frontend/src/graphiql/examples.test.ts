import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { expect, test } from 'vitest';
import { exampleTabs } from './examples';

const schema = buildSchema(readFileSync(resolve(__dirname, '../../../backend/schema.graphql'), 'utf8'));

test("every example tab is a valid operation against the server's schema", () => {
  expect(exampleTabs.length).toBeGreaterThanOrEqual(7);
  for (const tab of exampleTabs) {
    expect({ query: tab.query, errors: validate(schema, parse(tab.query)).map((error) => error.message) }).toEqual({
      query: tab.query,
      errors: [],
    });
  }
});

test('the examples cover the tasks integrators start with, and one sends an API key', () => {
  const fields = exampleTabs.map((tab) => /\{\s*(\w+)/.exec(tab.query.replace(/^#.*$/gm, ''))?.[1]);
  expect(fields).toEqual([
    'products',
    'product',
    'placeOrder',
    'placeOrder',
    'createPaymentIntent',
    'markShipped',
    'makeAdmin',
    'products',
  ]);
  // placeOrder with one line, then with several.
  const lineCounts = exampleTabs
    .filter((tab) => tab.query.includes('placeOrder('))
    .map((tab) => (JSON.parse(tab.variables ?? '{}') as { input: { lines: unknown[] } }).input.lines.length);
  expect(lineCounts).toEqual([1, 2]);
  expect(exampleTabs.some((tab) => tab.headers?.includes('Bearer keen_sk_'))).toBe(true);
});
