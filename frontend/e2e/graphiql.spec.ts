import { expect, test } from '@playwright/test';
import { demo, offline, signIn } from './support';

test('GraphiQL opens from /graphql with the internet cut off and loads the schema', async ({ page, context, baseURL }) => {
  await offline(context, baseURL!);
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const introspection = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('__schema'),
  );
  await page.goto('/graphql');
  await expect(page.locator('.graphiql-container')).toBeVisible();
  const response = await introspection;
  expect(response.status()).toBe(200);
  expect(JSON.stringify(await response.json())).toContain('placeOrder');
  expect(failed.filter((url) => url.startsWith(baseURL!))).toEqual([]);
});

test('an admin creates an API key in the dashboard, copies it, and a GraphiQL request with it returns products', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, demo.admin);
  await page.goto('/dashboard/apiKeys');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('GraphiQL explorer');
  await page.getByRole('checkbox', { name: 'catalog:read' }).check();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const shown = await page.getByTestId('new-secret').inputValue();
  expect(shown).toMatch(/^keen_sk_/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /GraphiQL explorer/ })).toContainText('catalog:read');

  await page.goto('/graphql');
  await expect(page.getByRole('status')).toHaveText(/Signed in as admin@keen\.test \(admin\)/);
  await page.getByRole('tab', { name: /ProductsWithKey/ }).click();
  await page.getByRole('button', { name: 'Headers' }).click();
  await page.getByRole('region', { name: 'Headers' }).getByRole('textbox').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify({ Authorization: `Bearer ${copied}` }));
  // The editor closes the brackets and quotes it was given: drop what it added after the cursor.
  await page.keyboard.press('ControlOrMeta+Shift+End');
  await page.keyboard.press('Delete');
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('ProductsWithKey'),
  );
  await page.getByRole('button', { name: /Execute query/ }).click();
  const response = await answer;
  expect((await response.request().allHeaders()).authorization).toBe(`Bearer ${copied}`);
  const body = (await response.json()) as { data?: { products: { totalItems: number } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  expect(body.data!.products.totalItems).toBeGreaterThan(0);
  await expect(page.locator('.graphiql-response')).toContainText('totalItems');
});
