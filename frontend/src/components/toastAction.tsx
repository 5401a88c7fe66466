import { Button } from '@mui/material';
import { closeSnackbar, type SnackbarKey } from 'notistack';

/** A toast's action (View cart, Undo): a button that closes its toast, then does `act`. */
export function toastAction(label: string, act: () => void) {
  return function ToastAction(key: SnackbarKey) {
    return (
      <Button
        color="inherit"
        size="small"
        onClick={() => {
          closeSnackbar(key);
          act();
        }}
      >
        {label}
      </Button>
    );
  };
}
