import { useMemo, useState } from 'react';
import { expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { MeQuery } from '../operations/me';
import { authState, renderPage } from '../test/render';
import { AuthContext } from '../lib/auth';
import { RequireAdmin, RequireAuth } from './guards';
import { routes } from './router';

const meAs = (role: 'admin' | 'user') => ({
  request: { query: MeQuery, variables: {} },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'u1',
        name: 'Casey',
        email: 'casey@keen.test',
        phone: null,
        address: null,
        img: null,
        role,
        orderEmails: true,
      },
    },
  },
});

test('signed-in guard: an anonymous visitor goes to /login, remembering where they came from', async () => {
  renderPage(<RequireAuth />, {
    path: '/purchase/:id',
    route: '/purchase/p1?x=1',
    auth: authState({ user: null }),
  });
  const location = await screen.findByTestId('location');
  expect(location).toHaveTextContent('/login');
  expect(JSON.parse(location.dataset.state!)).toMatchObject({ from: { pathname: '/purchase/p1', search: '?x=1' } });
});

test('signed-in guard: waits for Firebase, then shows the page to a signed-in user', async () => {
  const { rerender } = renderPage(<RequireAuth>secret page</RequireAuth>, {
    path: '/dashboard',
    route: '/dashboard',
    auth: authState({ initializing: true, user: null }),
  });
  expect(screen.getByRole('status')).toBeInTheDocument();
  expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  rerender(<></>);
  renderPage(<RequireAuth>secret page</RequireAuth>, { path: '/dashboard', route: '/dashboard' });
  expect(await screen.findByText('secret page')).toBeInTheDocument();
});

test('admin guard: a signed-in non-admin is signed out and sent to /login', async () => {
  const auth = authState();
  renderPage(<RequireAdmin>admin page</RequireAdmin>, {
    path: '/dashboard/users',
    route: '/dashboard/users',
    auth,
    mocks: [meAs('user')],
  });
  const location = await screen.findByTestId('location');
  expect(location).toHaveTextContent('/login');
  expect(location.dataset.state).toBe('null');
  expect(auth.signOut).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('admin page')).not.toBeInTheDocument();
});

test('admin guard: an anonymous visitor goes to /login without a sign-out', async () => {
  const auth = authState({ user: null });
  renderPage(<RequireAdmin>admin page</RequireAdmin>, { path: '/dashboard/users', route: '/dashboard/users', auth });
  expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  expect(auth.signOut).not.toHaveBeenCalled();
});

test('admin guard: an admin sees the page', async () => {
  const auth = authState();
  renderPage(<RequireAdmin>admin page</RequireAdmin>, {
    path: '/dashboard/users',
    route: '/dashboard/users',
    auth,
    mocks: [meAs('admin')],
  });
  expect(await screen.findByText('admin page')).toBeInTheDocument();
  await waitFor(() => expect(auth.signOut).not.toHaveBeenCalled());
});

test('admin guard: the sign-out of a refused non-admin does not turn into a redirect that remembers the admin page', async () => {
  function Stateful() {
    const [auth, setAuth] = useState(() => authState());
    const value = useMemo(() => ({ ...auth, signOut: async () => setAuth((old) => ({ ...old, user: null })) }), [auth]);
    return (
      <AuthContext.Provider value={value}>
        <RequireAdmin>admin page</RequireAdmin>
      </AuthContext.Provider>
    );
  }
  renderPage(<Stateful />, { path: '/dashboard/users', route: '/dashboard/users', mocks: [meAs('user')] });
  const location = await screen.findByTestId('location');
  expect(location).toHaveTextContent('/login');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByTestId('location').dataset.state).toBe('null');
});

test('admin guard inside the signed-in guard: the refused user lands on /login with no return address', async () => {
  function Stateful() {
    const [auth, setAuth] = useState(() => authState());
    const value = useMemo(() => ({ ...auth, signOut: async () => setAuth((old) => ({ ...old, user: null })) }), [auth]);
    return (
      <AuthContext.Provider value={value}>
        <RequireAuth>
          <RequireAdmin>admin page</RequireAdmin>
        </RequireAuth>
      </AuthContext.Provider>
    );
  }
  renderPage(<Stateful />, { path: '/dashboard/users', route: '/dashboard/users', mocks: [meAs('user')] });
  expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getByTestId('location').dataset.state).toBe('null');
});

/** The components of the pathless routes (the layout, then the guards) a path renders inside, outermost first. */
const guardsOf = (path: string) =>
  matchRoutes(routes, path)!
    .map(({ route }) => route)
    .filter((route) => route.path === undefined && !route.index && isValidElement(route.element))
    .map((route) => (route.element as { type: unknown }).type);

test('the router puts Shipping and tax behind the admin guard, with the other admin pages', () => {
  // /updateProduct/{id} sits in the admin guard alone, /purchase/{id} in the signed-in guard alone.
  const [, adminGuard] = guardsOf('/updateProduct/p1');
  const [, signedInGuard] = guardsOf('/purchase/p1');
  expect(adminGuard).not.toBe(signedInGuard);
  expect(guardsOf('/dashboard/shipping')).toEqual([expect.anything(), signedInGuard, adminGuard]);
  expect(guardsOf('/dashboard/users')).toEqual(guardsOf('/dashboard/shipping'));
  expect(matchRoutes(routes, '/dashboard/shipping')!.at(-1)!.route.handle).toEqual({ title: 'Shipping and tax' });
});

test('the checkout and a guest order page are open signed out (a guest checks out; the order page is its link)', () => {
  expect(guardsOf('/checkout')).toEqual(guardsOf('/cart'));
  expect(guardsOf('/orders/o1')).toEqual(guardsOf('/cart'));
  expect(guardsOf('/dashboard/payment/o1')).not.toEqual(guardsOf('/cart'));
});

test('the router puts Blade rules, the packing slip and the gift slip behind the admin guard', () => {
  const [, adminGuard] = guardsOf('/updateProduct/p1');
  // The packing slip prints outside the dashboard, as the engraving sheet does.
  expect(guardsOf('/packingSlip/o1')).toEqual(guardsOf('/engravingSheet/o1'));
  expect(guardsOf('/packingSlip/o1')).toEqual([expect.anything(), adminGuard]);
  expect(matchRoutes(routes, '/packingSlip/o1')!.at(-1)!.route.handle).toEqual({ title: 'Packing slip' });
  expect(guardsOf('/giftSlip/o1')).toEqual(guardsOf('/packingSlip/o1'));
  expect(matchRoutes(routes, '/giftSlip/o1')!.at(-1)!.route.handle).toEqual({ title: 'Gift slip' });
  expect(guardsOf('/dashboard/bladeRules')).toEqual(guardsOf('/dashboard/shipping'));
  expect(guardsOf('/dashboard/bladeRules').at(-1)).toBe(adminGuard);
  expect(matchRoutes(routes, '/dashboard/bladeRules')!.at(-1)!.route.handle).toEqual({ title: 'Blade rules' });
});
