import { expect, test } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { userFixture } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { MeQuery } from '../../operations/me';
import MyProfilePage from './MyProfilePage';
import { SetOrderEmailsMutation, UpdateProfileMutation } from './operations';
import { MyAddressesQuery } from '../../operations/addresses';

const me = userFixture({ img: 'https://img.test/casey.png' });
/** The page's address book (features/profile/addresses has its own tests). */
const addressesMock = {
  request: { query: MyAddressesQuery, variables: {} },
  result: { data: { me: { __typename: 'User', id: me.id, addresses: [] }, shippingCountries: [] } },
};

/** My Profile signed in as `user`, with the mocks given after the page's own queries. */
const renderProfile = (mocks: MockLink.MockedResponse[] = [], user: typeof me = me) =>
  renderPage(<MyProfilePage />, {
    path: '/dashboard',
    route: '/dashboard',
    mocks: [{ request: { query: MeQuery, variables: {} }, result: { data: { me: user } } }, addressesMock, ...mocks],
  });

test('clearing the fields shows the SPEC messages (and the photo is required)', async () => {
  renderProfile();
  expect(await screen.findByDisplayValue('Casey Blade')).toBeInTheDocument();
  for (const label of [/^Name/, /^Phone/, /^Address/, /^Photo URL/])
    fireEvent.change(screen.getByLabelText(label), { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(await screen.findByText('Name is Required')).toBeInTheDocument();
  expect(screen.getByText('Phone is Required')).toBeInTheDocument();
  expect(screen.getByText('Address is Required')).toBeInTheDocument();
  expect(screen.getByText('Photo is Required')).toBeInTheDocument();
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('inputmode', 'numeric');
});

test('saving toasts "{name} profile has been updated"', async () => {
  const input = { name: 'Casey Edge', phone: '5550100', address: '1 Forge Lane', img: 'https://img.test/casey.png' };
  renderProfile([
    {
      request: { query: UpdateProfileMutation, variables: { input } },
      result: { data: { updateProfile: { ...me, name: 'Casey Edge' } } },
    },
  ]);
  await screen.findByDisplayValue('Casey Blade');
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Casey Edge' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(await screen.findByText('Casey Edge profile has been updated')).toBeInTheDocument();
});

test('the seeded phone format saves unchanged, and a phone with letters gets the rule the server checks too', async () => {
  const seeded = { ...me, phone: '+44 114 496 0000' };
  const input = { name: seeded.name, phone: seeded.phone, address: seeded.address, img: seeded.img };
  renderProfile([{ request: { query: UpdateProfileMutation, variables: { input } }, result: { data: { updateProfile: seeded } } }], seeded);
  await screen.findByDisplayValue('+44 114 496 0000');
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(await screen.findByText('Casey Blade profile has been updated')).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: 'call me' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
  expect(await screen.findByText('Phone must be a phone number (digits, spaces, dashes and a leading +)')).toBeInTheDocument();
});

test('"Order e-mails" is on by default; switching it off keeps receipts and the answer updates the switch', async () => {
  renderProfile([
    {
      request: { query: SetOrderEmailsMutation, variables: { on: false } },
      result: { data: { setOrderEmails: { __typename: 'User', id: 'u1', orderEmails: false } } },
    },
  ]);
  const toggle = await screen.findByRole('switch', { name: 'Order e-mails' });
  expect(toggle).toBeChecked();
  expect(toggle).toHaveAccessibleDescription(/Payment receipts are always sent/);
  fireEvent.click(toggle);
  expect(await screen.findByText('Order e-mails are off; receipts still come')).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Order e-mails' })).not.toBeChecked();
});
