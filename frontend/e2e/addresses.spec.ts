import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn, verifiedAccount } from './support';

async function openAddForm(page: Page) {
  await page.getByRole('button', { name: 'Add address' }).click();
  return page.getByRole('dialog', { name: 'Add address' });
}

async function chooseCountry(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
  await dialog.getByLabel('Country').fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

test("the address book asks each country for its own fields: Ireland without an Eircode, Japan by prefecture, Brazil's CEP checked; axe clean", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const shopper = await verifiedAccount('addresses-abroad', 'Aoife Lann');
  await signIn(page, shopper);
  await page.goto('/dashboard');
  const book = page.getByRole('list').filter({ has: page.getByRole('listitem') });

  // Ireland: a county from the list, no Eircode, an Irish mobile number written nationally.
  let dialog = await openAddForm(page);
  await chooseCountry(page, dialog, 'Ireland');
  await expect(dialog.getByLabel('Eircode (optional)')).toBeVisible();
  await dialog.getByLabel('Full name').fill('Aoife Lann');
  await dialog.getByLabel('Address', { exact: true }).fill('1 Main Street');
  await dialog.getByLabel('City').fill('Dublin');
  await dialog.getByLabel('County (optional)').selectOption({ label: 'Co. Dublin' });
  await dialog.getByLabel('Phone').fill('085 123');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Enter a phone number for Ireland, like 085 012 3456')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(violations).toEqual([]);
  await dialog.getByLabel('Phone').fill('085 123 4567');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  const dublin = book.getByRole('listitem').filter({ hasText: '1 Main Street' });
  await expect(dublin).toContainText('Co. Dublin');
  await expect(dublin).toContainText('Ireland');
  await expect(dublin).toContainText('085 123 4567');

  // Japan: no city field, a prefecture from the list, printed in its Latin format.
  dialog = await openAddForm(page);
  await chooseCountry(page, dialog, 'Japan');
  await expect(dialog.getByLabel('Prefecture')).toBeVisible();
  await expect(dialog.getByLabel('City')).toHaveCount(0);
  await dialog.getByLabel('Full name').fill('Ken Hamono');
  await dialog.getByLabel('Address', { exact: true }).fill('1-2-3 Shibuya');
  await dialog.getByLabel('Prefecture').selectOption({ label: 'Tokyo' });
  await dialog.getByLabel('Postcode').fill('1500002');
  await dialog.getByLabel('Phone').fill('03-1234-5678');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  const tokyo = book.getByRole('listitem').filter({ hasText: '1-2-3 Shibuya' });
  await expect(tokyo).toContainText('1-2-3 Shibuya, Tokyo');
  await expect(tokyo).toContainText('150-0002');

  // Brazil: a wrong CEP is refused with the country's example; nothing is saved.
  dialog = await openAddForm(page);
  await chooseCountry(page, dialog, 'Brazil');
  await dialog.getByLabel('Full name').fill('Bia Faca');
  await dialog.getByLabel('Address', { exact: true }).fill('Rua Augusta 1');
  await dialog.getByLabel('City').fill('São Paulo');
  await dialog.getByLabel('State').selectOption({ label: 'São Paulo' });
  await dialog.getByLabel('Postcode').fill('0130');
  await dialog.getByLabel('Phone').fill('11 5555 0100');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Enter a postcode like 40301-110')).toBeVisible();
  await dialog.getByLabel('Postcode').fill('01304000');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  const saoPaulo = book.getByRole('listitem').filter({ hasText: 'Rua Augusta 1' });
  await expect(saoPaulo).toContainText('São Paulo-SP');
  await expect(saoPaulo).toContainText('01304-000');
  await expect(book.getByRole('listitem')).toHaveCount(3);
});
