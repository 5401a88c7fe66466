import { beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { userFixture } from '../../test/fixtures';
import { authState, renderPage } from '../../test/render';
import * as actions from './authActions';
import { RegisterMutation } from './operations';
import SignupPage from './SignupPage';

vi.mock('./authActions', () => ({ createAccount: vi.fn() }));

beforeEach(() => vi.resetAllMocks());

const input = { name: 'Casey Blade', address: '1 Forge Lane', phone: '5550100' };
const registered = { request: { query: RegisterMutation, variables: { input } }, result: { data: { register: userFixture() } } };

async function fill(overrides: Partial<Record<string, string>> = {}, terms = true) {
  const values = {
    Name: 'Casey Blade',
    Email: 'casey@keen.test',
    Address: '1 Forge Lane',
    'Contact Number': '5550100',
    Password: 'sharp-edge-1',
    'Confirm Password': 'sharp-edge-1',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
  if (terms) await userEvent.click(screen.getByLabelText('Accepct terms and conditions'));
}

test('shows every field with its type, the terms checkbox (sic) and the link to login', () => {
  renderPage(<SignupPage />, { path: '/signup', route: '/signup', auth: authState({ user: null }) });
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText(/^Address/).tagName).toBe('TEXTAREA');
  expect(screen.getByLabelText(/^Contact Number/)).toHaveAttribute('inputmode', 'numeric');
  expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute('type', 'password');
  expect(screen.getByLabelText('Accepct terms and conditions')).toHaveAttribute('type', 'checkbox');
  expect(screen.getByRole('button', { name: 'Signup' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /login/i })).toHaveAttribute('href', '/login');
});

test('required fields are reported and nothing is created', async () => {
  renderPage(<SignupPage />, { path: '/signup', route: '/signup', auth: authState({ user: null }) });
  await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
  expect(await screen.findByText('Name is Required')).toBeInTheDocument();
  expect(screen.getByText('Email is Required')).toBeInTheDocument();
  expect(screen.getByText('Address is Required')).toBeInTheDocument();
  expect(screen.getByText('Contact Number is Required')).toBeInTheDocument();
  expect(actions.createAccount).not.toHaveBeenCalled();
});

test('terms unchecked shows "Please Agree Terms & Conditions" inline and stops signup', async () => {
  renderPage(<SignupPage />, { path: '/signup', route: '/signup', auth: authState({ user: null }) });
  await fill({}, false);
  await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
  expect(await screen.findByText('Please Agree Terms & Conditions')).toBeInTheDocument();
  expect(actions.createAccount).not.toHaveBeenCalled();
});

test('different passwords toast "Passwords do not match" and stop signup', async () => {
  renderPage(<SignupPage />, { path: '/signup', route: '/signup', auth: authState({ user: null }) });
  await fill({ 'Confirm Password': 'other-edge-2' });
  await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
  expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  expect(actions.createAccount).not.toHaveBeenCalled();
});

test('signup creates the account, registers the profile, toasts and returns to where the visitor came from', async () => {
  vi.mocked(actions.createAccount).mockResolvedValue(undefined);
  renderPage(<SignupPage />, {
    path: '/signup',
    route: { pathname: '/signup', state: { from: { pathname: '/dashboard/myOrders', search: '', hash: '' } } },
    auth: authState({ user: null }),
    mocks: [registered],
  });
  await fill();
  await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
  expect(await screen.findByText('Casey Blade you have been registered')).toBeInTheDocument();
  expect(actions.createAccount).toHaveBeenCalledWith(expect.anything(), 'Casey Blade', 'casey@keen.test', 'sharp-edge-1');
  expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/myOrders');
});

test('an existing account shows "User already exist" and the plain auth message in red', async () => {
  vi.mocked(actions.createAccount).mockRejectedValue(new Error('Firebase: Error (auth/email-already-in-use).'));
  renderPage(<SignupPage />, { path: '/signup', route: '/signup', auth: authState({ user: null }) });
  await fill();
  await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
  expect(await screen.findByText('User already exist')).toBeInTheDocument();
  expect(screen.getByText('Firebase: Error (auth/email-already-in-use).')).toHaveStyle({ color: 'rgb(255, 0, 0)' });
});

test('a registration refused by the API as existing shows "User already exist"', async () => {
  vi.mocked(actions.createAccount).mockResolvedValue(undefined);
  renderPage(<SignupPage />, {
    path: '/signup',
    route: '/signup',
    auth: authState({ user: null }),
    mocks: [
      { request: registered.request, result: { errors: [new GraphQLError('User already exist', { extensions: { code: 'CONFLICT' } })] } },
    ],
  });
  await fill();
  await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
  expect(await screen.findByText('User already exist')).toBeInTheDocument();
});
