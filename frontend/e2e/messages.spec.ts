import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo, searchGrid, signIn, tinyPng, uniqueEmail } from './support';

/** A mail as the catcher's HTTP API (maildev 3: GET /api/email) lists it. */
interface InboxMail {
  subject: string;
  to: { address: string }[];
  text: string;
}

/** Waits until the run's mail catcher holds a mail with this subject (and text, if given) for this address, and answers it. */
async function mailTo(address: string, subject: string, text = ''): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${process.env.E2E_MAIL_INBOX_URL}/api/email`);
        const mails = (await response.json()) as InboxMail[];
        found = mails.find((mail) => mail.subject === subject && mail.text.includes(text) && mail.to.some((to) => to.address === address));
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

async function expectAxeClean(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `axe on ${where}`).toEqual([]);
}

test('a visitor sends a commission request with a photo; an admin reads it and replies, and the reply reaches the visitor', async ({
  page,
}) => {
  const visitor = uniqueEmail('commission');
  const name = `Visitor ${Date.now()}`;

  await page.goto('/contactus');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByText('We usually answer within two working days, by e-mail.')).toBeVisible();
  await page.getByRole('radio', { name: 'Request a commission' }).check();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Address' }).fill(visitor);
  await page.getByRole('textbox', { name: 'Message' }).fill('A santoku engraved with my grandfather’s initials, please.');
  await page.getByRole('textbox', { name: 'Budget (optional)' }).fill('300');
  await page.getByLabel('Reference photo').setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByRole('img', { name: 'Reference photo 1' })).toBeVisible();
  await expectAxeClean(page, '/contactus, filled in');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/Thank you for your message/)).toBeVisible();

  // Staff hear of it; the visitor's unverified address gets nothing until someone answers.
  await mailTo(demo.admin.email, `New commission request from ${name}`);

  await signIn(page, demo.admin);
  await page.goto('/dashboard/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await searchGrid(page, visitor);
  await page.getByRole('button', { name: `Open the message from ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Commission from ${name}` });
  await expect(dialog.getByText('Budget: $300.00')).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Reference photo 1 from ${name}` })).toBeVisible();
  await expectAxeClean(page, 'a message on the Messages page');

  await dialog.getByRole('textbox', { name: 'Your reply' }).fill('We would be glad to. A santoku like this is $280; shall we start?');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Reply sent to ${visitor}`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Replies' }).getByText(/A santoku like this is \$280/)).toBeVisible();

  const reply = await mailTo(visitor, 'Re: your commission request to Keen');
  expect(reply.text).toContain('A santoku like this is $280; shall we start?');
  // The visitor's own words are not mailed back to the address they typed.
  expect(reply.text).not.toContain('grandfather');

  // The commission becomes a private quote: an unpaid guest order at the agreed price, its link mailed.
  await dialog.getByRole('button', { name: 'Make a private quote' }).click();
  const quote = page.getByRole('dialog', { name: `Private quote for ${name}` });
  await quote.getByRole('combobox', { name: 'Knife' }).fill('Combination Whetstone');
  await page.getByRole('option', { name: 'Combination Whetstone 1000/6000' }).click();
  await quote.getByRole('textbox', { name: /The customer pays/ }).fill('280.00');
  await quote.getByLabel('Address', { exact: true }).fill('1 Market St');
  await quote.getByLabel('City').fill('San Francisco');
  await quote.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await quote.getByLabel('ZIP code').fill('94103');
  await quote.getByLabel('Phone').fill('+1 415 555 0100');
  await expect(quote.getByText(`${visitor} will be asked to pay $280.00.`, { exact: false })).toBeVisible();
  await expectAxeClean(page, 'the private quote dialog');
  await quote.getByRole('button', { name: 'Send the quote' }).click();
  await expect(page.getByText(`its payment link was e-mailed to ${visitor}`, { exact: false })).toBeVisible();
  await expect(dialog.getByText(/Private quote: order #/)).toBeVisible();

  const quoted = await mailTo(visitor, 'Re: your commission request to Keen', 'Pay for it here');
  expect(quoted.text).toContain('$280.00 in all');
  const link = new URL(/https?:\/\/\S+\/orders\/[0-9a-f-]{36}\?token=[\w-]+/.exec(quoted.text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: `Order #${link.pathname.split('/').at(-1)!.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByText('$280.00').first()).toBeVisible();
});
