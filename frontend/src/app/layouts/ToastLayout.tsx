import { SnackbarProvider } from 'notistack';
import { Outlet } from 'react-router-dom';

export const snackbarProps = {
  maxSnack: 3,
  autoHideDuration: 4000,
  anchorOrigin: { vertical: 'top', horizontal: 'center' },
} as const;

/**
 * The toast container for every page that can show a toast. The home page shows none, so
 * notistack loads with the first page that needs it (in parallel with that page's own chunk).
 */
export default function ToastLayout() {
  return (
    <SnackbarProvider {...snackbarProps}>
      <Outlet />
    </SnackbarProvider>
  );
}
