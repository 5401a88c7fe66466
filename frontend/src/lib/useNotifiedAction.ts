import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from './errors';

/**
 * Runs a row's action and says how it went in a toast: `success` (when given) once done, the
 * refusal's message otherwise. Answers whether it succeeded.
 */
export function useNotifiedAction() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (action: () => Promise<unknown>, success?: string): Promise<boolean> => {
      try {
        await action();
        if (success) enqueueSnackbar(success, { variant: 'success' });
        return true;
      } catch (failure) {
        enqueueSnackbar(errorMessage(failure), { variant: 'error' });
        return false;
      }
    },
    [enqueueSnackbar],
  );
}
