import { expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../../../test/render';
import MessageDialog from './MessageDialog';

const message = (quoteOrderId: string | null) => ({
  __typename: 'Message',
  id: 'm1',
  kind: 'COMMISSION',
  status: quoteOrderId ? 'ANSWERED' : 'NEW',
  name: 'Ada Visitor',
  email: 'ada@example.com',
  message: 'A gyuto with a damascus blade',
  productId: 'p1',
  productName: 'Nakiri',
  budget: null,
  photos: [],
  quoteOrderId,
  createdAt: '2026-11-23T10:00:00.000Z',
  replies: [],
});

test('a commission becomes a private quote: knife, quantity, the price in minor units and the address go to the server; the order is shown', async () => {
  const quotes: Record<string, unknown>[] = [];
  let quoted: string | null = null;
  const { client, requests } = countingClient((name, vars) => {
    if (name === 'AdminMessage') return { message: message(quoted) };
    if (name === 'QuoteProducts')
      return {
        products: {
          __typename: 'ProductList',
          totalItems: 2,
          items: [
            { __typename: 'Product', id: 'p1', name: 'Nakiri' },
            { __typename: 'Product', id: 'p2', name: 'Commission for Ada Visitor' },
          ],
        },
      };
    if (name === 'QuoteFromMessage') {
      quotes.push(vars);
      quoted = '0a1b2c3d-0000-4000-8000-000000000000';
      return { quoteFromMessage: message(quoted) };
    }
    if (name === 'AdminMessages') return { messages: { __typename: 'MessageList', totalItems: 0, items: [] } };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<MessageDialog id="m1" onClose={() => {}} />, { path: '/dashboard/messages', route: '/dashboard/messages', client });
  const dialog = await screen.findByRole('dialog', { name: 'Commission from Ada Visitor' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Make a private quote' }));
  const quote = await screen.findByRole('dialog', { name: 'Private quote for Ada Visitor' });
  // The message's knife is chosen to start with.
  expect(await within(quote).findByDisplayValue('Nakiri')).toBeInTheDocument();

  // Nothing is sent while the form is incomplete.
  await userEvent.click(within(quote).getByRole('button', { name: 'Send the quote' }));
  expect(await within(quote).findByText('Price is Required')).toBeInTheDocument();
  expect(requests).not.toContain('QuoteFromMessage');

  await userEvent.type(within(quote).getByRole('textbox', { name: /The customer pays/ }), '315.50');
  await userEvent.clear(within(quote).getByRole('textbox', { name: 'Quantity' }));
  await userEvent.type(within(quote).getByRole('textbox', { name: 'Quantity' }), '2');
  await userEvent.type(within(quote).getByRole('textbox', { name: /Note to the customer/ }), 'Walnut, 20 cm');
  await userEvent.type(within(quote).getByLabelText('Address'), '1 Market St');
  await userEvent.type(within(quote).getByLabelText('City'), 'San Francisco');
  await userEvent.selectOptions(await within(quote).findByRole('combobox', { name: 'State' }), 'CA');
  await userEvent.type(within(quote).getByLabelText('ZIP code'), '94103');
  await userEvent.type(within(quote).getByLabelText('Phone'), '+1 415 555 0100');
  expect(within(quote).getByText(/ada@example.com will be asked to pay \$315.50/)).toBeInTheDocument();
  await userEvent.click(within(quote).getByRole('button', { name: 'Send the quote' }));

  expect(await screen.findByText('Quote made: order #0a1b2c3d; its payment link was e-mailed to ada@example.com')).toBeInTheDocument();
  expect(quotes).toEqual([
    {
      messageId: 'm1',
      input: {
        productId: 'p1',
        quantity: 2,
        priceAmount: 31_550,
        note: 'Walnut, 20 cm',
        shippingAddress: {
          name: 'Ada Visitor',
          line1: '1 Market St',
          line2: '',
          city: 'San Francisco',
          region: 'CA',
          postalCode: '94103',
          country: 'US',
          phone: '+1 415 555 0100',
        },
      },
    },
  ]);
  expect(await within(dialog).findByText('Private quote: order #0a1b2c3d, its payment link e-mailed to the sender')).toBeInTheDocument();
});
