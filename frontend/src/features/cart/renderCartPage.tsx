import type { ApolloClient } from '@apollo/client';
import { Route } from 'react-router-dom';
import { renderPage } from '../../test/render';
import CartPage from './CartPage';
import CheckoutPage from './CheckoutPage';

/** For the cart's tests: the cart or the checkout page at its route, answered by `client`; the cart's Checkout leads on to the checkout. */
export function renderCartPage(route: '/cart' | '/checkout', client: ApolloClient) {
  return renderPage(route === '/cart' ? <CartPage /> : <CheckoutPage />, {
    path: route,
    route,
    client,
    extraRoutes: route === '/cart' ? <Route path="/checkout" element={<CheckoutPage />} /> : undefined,
  });
}
