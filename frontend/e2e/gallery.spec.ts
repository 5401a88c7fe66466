import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, gql, idToken, searchGrid, signIn, tinyPng } from './support';

async function expectAxeClean(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

test("an admin adds a photo to a knife's gallery, describes it and makes it first; the flag for missing alt text goes; a visitor browses the photos and zooms with the keyboard", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Gallery Bowie ${Date.now().toString(36)}`;
  const { createProduct } = await gql<{ createProduct: { slug: string } }>(
    baseURL!,
    'mutation($input: ProductInput!) { createProduct(input: $input) { slug } }',
    {
      input: {
        name,
        description: 'A bowie with two photos',
        priceAmount: 9900,
        quantity: 5,
        minimumQuantity: 1,
        img: '/images/bushcraft.svg',
      },
    },
    await idToken(demo.admin),
  );

  await signIn(page, demo.admin);
  await page.goto('/dashboard/manageProducts');
  await searchGrid(page, name);
  const row = page.getByRole('row').filter({ hasText: name });
  // A new product's photo has no alt text yet: flagged.
  await expect(row).toContainText('1 without alt');
  await row.getByRole('button', { name: `Photos of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Photos of ${name}` });
  await dialog.getByLabel('New photo').setInputFiles({ name: 'sheath.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Photo added: describe it in its alt text')).toBeVisible();
  const photos = dialog.getByRole('list', { name: `Photos of ${name}, in order` }).getByRole('listitem');
  await expect(photos).toHaveCount(2);
  await photos.nth(0).getByLabel('Alt text of photo 1').fill('The bowie, blade out');
  await photos.nth(0).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alt text of photo 1 saved')).toBeVisible();
  await photos.nth(1).getByLabel('Alt text of photo 2').fill('The leather sheath, engraved');
  await photos.nth(1).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alt text of photo 2 saved')).toBeVisible();
  await expectAxeClean(page, 'the Photos dialog');
  await dialog.getByRole('button', { name: 'Move photo 2 up' }).click();
  await expect(dialog.getByLabel('Alt text of photo 1')).toHaveValue('The leather sheath, engraved');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).not.toContainText('without alt');

  // A visitor: the sheath first (it is the card photo now), both as thumbnails, zoomed and stepped with the keyboard.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/products/${createProduct.slug}`);
  const zoom = visitor.getByRole('button', { name: 'Zoom: The leather sheath, engraved' });
  await expect(zoom.getByRole('img')).toHaveAttribute('src', /\/uploads\/[0-9a-f]{32}\.webp$/);
  await visitor.getByRole('group', { name: 'Photos' }).getByRole('button', { name: 'Show photo 2: The bowie, blade out' }).click();
  const shown = visitor.getByRole('button', { name: 'Zoom: The bowie, blade out' });
  await shown.focus();
  await visitor.keyboard.press('Enter');
  const zoomed = visitor.getByRole('dialog', { name: new RegExp(name) });
  await expect(zoomed.getByText('Photo 2 of 2')).toBeVisible();
  await expectAxeClean(visitor, 'the zoomed photo');
  await visitor.keyboard.press('ArrowRight');
  await expect(zoomed.getByRole('img', { name: 'The leather sheath, engraved' })).toBeVisible();
  await visitor.keyboard.press('Escape');
  await expect(zoomed).toHaveCount(0);
});
