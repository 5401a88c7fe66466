import { expect, test } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { toastComponents } from './Toast';

test('success and info toasts are polite status messages; errors and warnings are alerts', async () => {
  render(<SnackbarProvider Components={toastComponents} autoHideDuration={null} maxSnack={4} />);
  act(() => {
    enqueueSnackbar('Order Placed', { variant: 'success' });
    enqueueSnackbar('Saved', { variant: 'info' });
    enqueueSnackbar('Minimum Quantity Required', { variant: 'error' });
    enqueueSnackbar('Stock is low', { variant: 'warning' });
  });
  expect(await screen.findByText('Order Placed')).toBeInTheDocument();
  const byRole = (role: string) => screen.getAllByRole(role).map((element) => element.textContent);
  expect(byRole('status')).toEqual(['Order Placed', 'Saved']);
  expect(byRole('alert')).toEqual(['Minimum Quantity Required', 'Stock is low']);
});
