import { expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addressFixture, SHEFFIELD } from '../../../test/fixtures';
import { countingClient, renderPage } from '../../../test/render';
import AddressBook from './AddressBook';

const address = (id: string, overrides: Record<string, unknown> = {}) =>
  addressFixture(id, { line1: `${id} Forge Lane`, ...SHEFFIELD, ...overrides });
const home = address('1', { isDefault: true, createdAt: '2026-11-01T10:00:00.000Z' });
const work = address('2', { createdAt: '2026-11-10T10:00:00.000Z' });
const cabin = address('3', { createdAt: '2026-11-05T10:00:00.000Z' });
const me = (addresses: unknown[]) => ({ me: { __typename: 'User', id: 'u1', addresses }, shippingCountries: ['DE', 'GB'] });

/** The cards' first lines in order, with "Default" where the chip shows. */
async function cards() {
  const list = await screen.findByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((card) => `${within(card).queryByText('Default') ? 'Default ' : ''}${within(card).getAllByText(/Forge Lane/)[0].textContent}`);
}

const show = (answer: (name: string, variables: Record<string, unknown>) => unknown) => {
  const counting = countingClient((name, variables) => {
    const data = answer(name, variables);
    if (data === undefined) throw new Error(`unexpected ${name}`);
    return data;
  });
  renderPage(<AddressBook />, { path: '/dashboard', route: '/dashboard', client: counting.client });
  return counting;
};

test('lists the saved addresses as the server orders them, the default marked, with the phone', async () => {
  show((name) => (name === 'MyAddresses' ? me([home, work, cabin]) : undefined));
  expect(await cards()).toEqual(['Default 1 Forge Lane', '2 Forge Lane', '3 Forge Lane']);
  expect(screen.getAllByText('United Kingdom')).toHaveLength(3);
  // The phone as the UK writes it.
  expect(screen.getAllByText('0114 496 0000')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Set Casey Blade, 1 Forge Lane as default' })).not.toBeInTheDocument();
});

test('an empty book says so and offers Add address', async () => {
  show((name) => (name === 'MyAddresses' ? me([]) : undefined));
  expect(await screen.findByText('No saved addresses yet')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
});

test('Add address: the form checks the country rule, then the saved address joins the book without a refetch', async () => {
  const saved = address('4', { line1: '10 Downing Street', postalCode: 'SW1A 2AA', city: 'London', createdAt: '2026-11-25T10:00:00.000Z' });
  const { requests } = show((name, variables) => {
    if (name === 'MyAddresses') return me([home, work]);
    if (name === 'SaveAddress') {
      expect(variables.input).toMatchObject({ id: null, country: 'GB', postalCode: 'sw1a 2aa', line1: '10 Downing Street' });
      return { saveAddress: saved };
    }
  });
  await cards();
  await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add address' });
  // Typed, so that the list renders one country rather than all of them.
  const country = within(dialog).getByRole('combobox', { name: 'Country' });
  fireEvent.focus(country);
  fireEvent.change(country, { target: { value: 'United Kingdom' } });
  fireEvent.click(await screen.findByRole('option', { name: 'United Kingdom' }));
  // The UK's fields once its metadata is in: a post town, no county.
  await within(dialog).findByLabelText('Town/City');
  const type = (label: string, text: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value: text } });
  type('Full name', 'Casey Blade');
  type('Address', '10 Downing Street');
  type('Town/City', 'London');
  type('Postcode', '12345');
  type('Phone', '+44 20 7946 0000');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
  expect(await within(dialog).findByText('Enter a postcode like EC1Y 8SY')).toBeInTheDocument();

  type('Postcode', 'sw1a 2aa');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
  expect(await screen.findByText('Address added')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The newest after the default, as the server lists it.
  const list = await screen.findByRole('list');
  expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('10 Downing Street');
  expect(requests).toEqual(['MyAddresses', 'SaveAddress']);
});

test('Edit opens the form filled in; the answer replaces the card', async () => {
  const { requests } = show((name, variables) => {
    if (name === 'MyAddresses') return me([home, work]);
    if (name === 'SaveAddress') {
      expect(variables.input).toMatchObject({ id: '2', line1: '2 Forge Lane', line2: 'Unit 5' });
      return { saveAddress: { ...work, line2: 'Unit 5' } };
    }
  });
  await cards();
  await userEvent.click(screen.getByRole('button', { name: 'Edit Casey Blade, 2 Forge Lane' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
  expect(within(dialog).getByLabelText('Postcode')).toHaveValue('S1 2HE');
  expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
  fireEvent.change(within(dialog).getByLabelText('Address line 2 (optional)'), { target: { value: 'Unit 5' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
  expect(await screen.findByText('Address updated')).toBeInTheDocument();
  expect(await screen.findByText('Unit 5')).toBeInTheDocument();
  expect(requests).toEqual(['MyAddresses', 'SaveAddress']);
});

test('Set as default moves the chip from the answer, without a refetch', async () => {
  const { requests } = show((name) => {
    if (name === 'MyAddresses') return me([home, work, cabin]);
    if (name === 'SetDefaultAddress') return { setDefaultAddress: { ...cabin, isDefault: true } };
  });
  await cards();
  await userEvent.click(screen.getByRole('button', { name: 'Set Casey Blade, 3 Forge Lane as default' }));
  expect(await screen.findByText('Default address changed')).toBeInTheDocument();
  expect(await cards()).toEqual(['Default 3 Forge Lane', '2 Forge Lane', '1 Forge Lane']);
  expect(requests).toEqual(['MyAddresses', 'SetDefaultAddress']);
});

test('Delete asks first; deleting the default makes the newest other one the default, as the server does', async () => {
  const { requests } = show((name, variables) => {
    if (name === 'MyAddresses') return me([home, work, cabin]);
    if (name === 'DeleteAddress') {
      expect(variables).toEqual({ id: '1' });
      return { deleteAddress: true };
    }
  });
  await cards();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Casey Blade, 1 Forge Lane' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
  expect(confirm).toHaveTextContent('Casey Blade, 1 Forge Lane, Sheffield, S1 2HE, United Kingdom');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Address deleted')).toBeInTheDocument();
  expect(await cards()).toEqual(['Default 2 Forge Lane', '3 Forge Lane']);
  expect(requests).toEqual(['MyAddresses', 'DeleteAddress']);
});

test('the address form lists the countries the shop delivers to first', async () => {
  show((name) => (name === 'MyAddresses' ? me([]) : undefined));
  await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add address' });
  const country = within(dialog).getByRole('combobox', { name: 'Country' });
  fireEvent.focus(country);
  fireEvent.change(country, { target: { value: 'united' } });
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  // GB is a shipping country (DE does not match "united"); the United States is not one here.
  expect(names.slice(0, 2)).toEqual(['United Kingdom', 'United Arab Emirates']);
});
