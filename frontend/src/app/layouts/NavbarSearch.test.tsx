import { expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router-dom';
import { renderPage } from '../../test/render';
import NavbarSearch from './NavbarSearch';

function UrlProbe() {
  const location = useLocation();
  return <output data-testid="url">{location.pathname + location.search}</output>;
}

test('the navbar search leads to /products?q=...', async () => {
  renderPage(<NavbarSearch />, { path: '/reviews', route: '/reviews', extraRoutes: <Route path="/products" element={<UrlProbe />} /> });
  await userEvent.type(screen.getByLabelText('Search products'), 'damascus chef{Enter}');
  expect(screen.getByTestId('url')).toHaveTextContent('/products?q=damascus+chef');
});
