import { expect, test } from '@playwright/test';
import { demo, signIn } from './support';

const CHEF = 'Damascus Chef Knife 8"';
const SANTOKU = 'Engraved Santoku 7"';

test('an admin makes a collection, fills it in order and moves it up; a visitor finds its page and filters the catalogue by it; deleting it keeps its knives', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Anniversary ${Date.now().toString(36)}`;
  const slug = name.toLowerCase().replace(/ /g, '-');

  await signIn(page, demo.admin);
  await page.goto('/dashboard/collections');
  const table = page.getByRole('table', { name: 'Collections' });
  await expect(table.getByRole('link', { name: 'Kitchen' })).toBeVisible();
  await page.getByRole('button', { name: 'Add collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add collection' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Description').fill('Knives engraved with a date to remember.');
  await dialog.getByRole('button', { name: 'Add collection' }).click();
  await expect(page.getByText(`Collection ${name} saved`)).toBeVisible();
  await expect(table.getByRole('link', { name })).toHaveAttribute('href', `/collections/${slug}`);

  await page.getByRole('button', { name: `Knives in ${name}` }).click();
  const knives = page.getByRole('dialog', { name: `Knives in ${name}` });
  for (const knife of [SANTOKU, CHEF]) {
    await knives.getByLabel('Add a knife').fill(knife.split(' ')[1]);
    await page.getByRole('option', { name: knife }).click();
  }
  await knives.getByRole('button', { name: `Move ${CHEF} up` }).click();
  await knives.getByRole('button', { name: 'Save knives' }).click();
  await expect(page.getByText(`${name}: 2 knives saved`)).toBeVisible();
  const rowOf = table.getByRole('row').filter({ hasText: name });
  await expect(rowOf.getByRole('cell').first()).toHaveText('2');
  await page.getByRole('button', { name: `Move ${name} up` }).click();
  await expect(table.getByRole('row').nth(3)).toContainText(name);

  // A visitor, signed out: the collection's page, written by the server before any script.
  const visitor = await (await browser.newContext()).newPage();
  const html = await (await fetch(`${baseURL}/collections/${slug}`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain(`<title>${name} | Keen</title>`);
  await visitor.goto('/products');
  await visitor.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name }).click();
  await expect(visitor).toHaveURL(new RegExp(`/collections/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 3 })).toHaveText([CHEF, SANTOKU]);
  await visitor.getByRole('link', { name: `Search and sort the ${name} collection` }).click();
  await expect(visitor.getByLabel('Collection', { exact: true })).toHaveValue(slug);
  await expect(visitor.getByRole('heading', { level: 3 })).toHaveCount(2);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('dialog', { name: `Delete the ${name} collection?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`Collection ${name} deleted`)).toBeVisible();
  await expect(table.getByRole('link', { name })).toHaveCount(0);
  await visitor.goto(`/collections/${slug}`);
  await expect(visitor.getByText('Page not found')).toBeVisible();
  await visitor.goto('/products?q=santoku');
  await expect(visitor.getByRole('heading', { level: 3, name: SANTOKU })).toBeVisible();
});
