import { expect, test } from '@playwright/test';

/** Counts the products queries the page sends from now on. */
function countProductQueries(page: import('@playwright/test').Page) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('"operationName":"Products"')) seen.count += 1;
  });
  return seen;
}

test('a shopper searches, sorts and filters; the URL keeps it on reload and on Back; a seen result comes from the cache', async ({
  page,
}) => {
  await page.goto('/products');
  const search = page.getByLabel('Search products');
  await search.fill('damas');
  await expect(page).toHaveURL(/\/products\?q=damas$/);
  await expect(page.getByRole('link', { name: /^Buy Now: / })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Damascus Chef Knife 8"' })).toBeVisible();

  await search.fill('knife');
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  // The switch follows the URL, which the router updates in a transition: click, then wait for it.
  await page.getByLabel('In stock only').click();
  await expect(page.getByLabel('In stock only')).toBeChecked();
  await expect(page).toHaveURL(/\/products\?q=knife&sort=price_desc&inStock=1$/);
  const prices = async () =>
    (await page.getByText(/^Price: \$[\d,]+\.\d\d$/).allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, '')));
  await expect.poll(async () => (await prices()).length).toBeGreaterThan(3);
  const shown = await prices();
  expect(shown).toEqual([...shown].sort((a, b) => b - a));

  await page.reload();
  await expect(page.getByLabel('Search products')).toHaveValue('knife');
  await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
  await expect(page.getByLabel('In stock only')).toBeChecked();

  const queries = countProductQueries(page);
  await page.getByRole('link', { name: 'Reviews', exact: true }).first().click();
  await expect(page).toHaveURL(/\/reviews$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/products\?q=knife&sort=price_desc&inStock=1$/);
  await expect(page.getByLabel('Search products')).toHaveValue('knife');
  await expect.poll(async () => (await prices()).length).toBeGreaterThan(3);
  expect(await prices()).toEqual(shown);
  expect(queries.count).toBe(0);
});

test("no match shows 'No products match' and clearing the filters lists everything", async ({ page }) => {
  await page.goto('/products?q=zweihander&inStock=1');
  await expect(page.getByText('No products match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByLabel('Search products')).toHaveValue('');
  await expect(page.getByRole('link', { name: /^Buy Now: / }).nth(6)).toBeVisible();
});

test('the navbar search leads to the products page with the search', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Search products').fill('skinn');
  await page.getByLabel('Search products').press('Enter');
  await expect(page).toHaveURL(/\/products\?q=skinn$/);
  await expect(page.getByRole('link', { name: 'Buy Now: Hunting Skinner' })).toBeVisible();
});
