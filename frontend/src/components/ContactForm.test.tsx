import { expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { countingClient, renderPage } from '../test/render';
import ContactForm from './ContactForm';

function show() {
  const sent: Record<string, unknown>[] = [];
  const { client, requests } = countingClient((name, variables) => {
    if (name === 'SendMessage') {
      sent.push(variables.input as Record<string, unknown>);
      return { sendMessage: true };
    }
    if (name === 'MessageKnives')
      return { products: { __typename: 'ProductList', totalItems: 1, items: [{ __typename: 'Product', id: 'p1', name: 'Nakiri' }] } };
    throw new Error(`unexpected ${name}`);
  });
  renderPage(<ContactForm headingLevel="h1" />, { path: '/contactus', route: '/contactus', client });
  return { sent, requests };
}

test('a question sends name, address and message, and says when the shop usually answers', async () => {
  const { sent } = show();
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' Ada ');
  await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'ada@example.com');
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Do you sharpen knives?');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText(/Thank you for your message\. We usually answer within two working days/)).toBeInTheDocument();
  expect(sent).toEqual([{ name: 'Ada', email: 'ada@example.com', message: 'Do you sharpen knives?', kind: 'QUESTION' }]);
});

test('a commission names a knife and a budget in minor units; a blank form shows every message and sends nothing', async () => {
  const { sent, requests } = show();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Name is Required')).toBeInTheDocument();
  expect(screen.getByText('Email is Required')).toBeInTheDocument();
  expect(screen.getByText('Message is Required')).toBeInTheDocument();
  expect(requests).not.toContain('SendMessage');

  await userEvent.click(screen.getByRole('radio', { name: 'Request a commission' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Bo');
  await userEvent.type(screen.getByRole('textbox', { name: 'Address' }), 'bo@example.com');
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'A nakiri for my sister');
  await userEvent.click(screen.getByRole('combobox', { name: 'A knife like this one (optional)' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Nakiri' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Budget (optional)' }), '450.50');
  expect(screen.getByRole('button', { name: 'Add a reference photo' })).toBeEnabled();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByText(/Thank you for your message/);
  expect(sent).toEqual([
    { name: 'Bo', email: 'bo@example.com', message: 'A nakiri for my sister', kind: 'COMMISSION', productId: 'p1', budget: 45050 },
  ]);
});

test('the honeypot is out of sight and out of the accessibility tree', () => {
  show();
  expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).not.toBeInTheDocument();
});
