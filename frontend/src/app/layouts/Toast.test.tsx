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

test('each toast has a contrast of at least 4.5:1 against its text (success and info darkened, warnings in dark text)', async () => {
  render(<SnackbarProvider Components={toastComponents} autoHideDuration={null} maxSnack={4} />);
  act(() => {
    enqueueSnackbar('Review have been added', { variant: 'success' });
    enqueueSnackbar('Copied', { variant: 'info' });
    enqueueSnackbar('Stock is low', { variant: 'warning' });
  });
  const colours = (text: string) => {
    const toast = screen.getByText(text).closest('.notistack-MuiContent')!;
    const style = getComputedStyle(toast);
    return [style.backgroundColor, style.color];
  };
  await screen.findByText('Review have been added');
  expect(colours('Review have been added')).toEqual(['rgb(27, 94, 32)', 'rgb(255, 255, 255)']);
  expect(colours('Copied')).toEqual(['rgb(1, 87, 155)', 'rgb(255, 255, 255)']);
  expect(colours('Stock is low')).toEqual(['rgb(255, 152, 0)', 'rgb(0, 0, 0)']);
});
