import { expect, test, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authState, renderPage } from '../../test/render';
import LoginPage from './LoginPage';
import * as actions from './authActions';

vi.mock('./authActions', () => ({
  loginWithPassword: vi.fn(),
  resetPassword: vi.fn(),
  loginWithGoogle: vi.fn(),
}));

beforeEach(() => vi.resetAllMocks());

const anonymous = () => authState({ user: null });

test('shows every control: fields, Login, Reset Password, the sign-up link, the Or divider and Google', () => {
  renderPage(<LoginPage />, { path: '/login', route: '/login', auth: anonymous() });
  expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
  expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'New User? Sign Up' })).toHaveAttribute('href', '/signup');
  expect(screen.getByText('Or')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign In With Google' })).toBeInTheDocument();
});

test('the e-mail is required', async () => {
  renderPage(<LoginPage />, { path: '/login', route: '/login', auth: anonymous() });
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Email is Required')).toBeInTheDocument();
  expect(actions.loginWithPassword).not.toHaveBeenCalled();
});

test("the e-mail follows the server's rule: a@b is refused, ünï@exämple.de signs in", async () => {
  vi.mocked(actions.loginWithPassword).mockResolvedValue(undefined);
  renderPage(<LoginPage />, { path: '/login', route: '/login', auth: anonymous() });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@b' } });
  await userEvent.type(screen.getByLabelText(/Password/), 'sharp-edge-1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('Enter a valid email')).toBeInTheDocument();
  expect(actions.loginWithPassword).not.toHaveBeenCalled();

  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ünï@exämple.de' } });
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() => expect(actions.loginWithPassword).toHaveBeenCalledWith(expect.anything(), 'ünï@exämple.de', 'sharp-edge-1'));
  expect(screen.queryByText('Enter a valid email')).not.toBeInTheDocument();
});

test('Reset Password without an e-mail asks for it; with one it sends the e-mail', async () => {
  renderPage(<LoginPage />, { path: '/login', route: '/login', auth: anonymous() });
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByText('please enter your email address')).toBeInTheDocument();
  expect(actions.resetPassword).not.toHaveBeenCalled();

  vi.mocked(actions.resetPassword).mockResolvedValue(undefined);
  await userEvent.type(screen.getByLabelText(/Email/), 'casey@keen.test');
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  expect(await screen.findByText('Email Sent')).toBeInTheDocument();
  expect(actions.resetPassword).toHaveBeenCalledWith(expect.anything(), 'casey@keen.test');
});

test('a failed login shows the plain auth message in red; Google failures read "Error: {message}"', async () => {
  vi.mocked(actions.loginWithPassword).mockRejectedValue(new Error('Firebase: Error (auth/invalid-credential).'));
  vi.mocked(actions.loginWithGoogle).mockRejectedValue(new Error('Firebase: Error (auth/popup-blocked).'));
  renderPage(<LoginPage />, { path: '/login', route: '/login', auth: anonymous() });
  await userEvent.type(screen.getByLabelText(/Email/), 'casey@keen.test');
  await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^Firebase: Error \(auth\/invalid-credential\)\.$/);
  expect(alert).toHaveStyle({ color: 'rgb(255, 0, 0)' });

  fireEvent.click(screen.getByRole('button', { name: 'Sign In With Google' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Error: Firebase: Error (auth/popup-blocked).'));
});

test('Google sign-in uses the emulator credential path only when the emulator is configured', async () => {
  vi.mocked(actions.loginWithGoogle).mockResolvedValue(undefined);
  const auth = anonymous();
  auth.config = { ...auth.config!, authEmulatorUrl: 'http://127.0.0.1:9099' };
  renderPage(<LoginPage />, { path: '/login', route: '/login', auth });
  await userEvent.click(screen.getByRole('button', { name: 'Sign In With Google' }));
  expect(actions.loginWithGoogle).toHaveBeenCalledWith(auth.auth, true);
});

test('once signed in, the visitor returns to the page they came from, replacing /login', async () => {
  renderPage(<LoginPage />, {
    path: '/login',
    route: { pathname: '/login', state: { from: { pathname: '/purchase/p1', search: '', hash: '' } } },
  });
  expect(await screen.findByTestId('location')).toHaveTextContent('/purchase/p1');
});

test('with nowhere to return to, a signed-in visitor goes home', async () => {
  renderPage(<LoginPage />, { path: '/login', route: '/login', extraRoutes: null });
  // "/" is not the login route, so the probe renders it
  expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
});
