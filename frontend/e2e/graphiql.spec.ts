import { expect, test } from '@playwright/test';
import { offline } from './support';

test('GraphiQL opens from /graphql with the internet cut off and loads the schema', async ({ page, context, baseURL }) => {
  await offline(context, baseURL!);
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const introspection = page.waitForResponse((response) => response.url().endsWith('/graphql') && response.request().method() === 'POST');
  await page.goto('/graphql');
  await expect(page.locator('.graphiql-container')).toBeVisible();
  const response = await introspection;
  expect(response.status()).toBe(200);
  expect(JSON.stringify(await response.json())).toContain('placeOrder');
  expect(failed.filter((url) => url.startsWith(baseURL!))).toEqual([]);
});
