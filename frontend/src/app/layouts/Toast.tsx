import { useCallback, type ReactNode, type Ref } from 'react';
import { useForkRef } from '@mui/material';
import { MaterialDesignContent, SnackbarProvider, type CustomContentProps } from 'notistack';

/**
 * notistack renders every toast as `role="alert"` (assertive). Errors and warnings keep that;
 * news (success, info, default) becomes a polite `role="status"` before the browser paints it.
 */
function StatusToast({ ref, ...props }: CustomContentProps & { ref?: Ref<HTMLDivElement> }) {
  const polite = useCallback((node: HTMLDivElement | null) => node?.setAttribute('role', 'status'), []);
  return <MaterialDesignContent {...props} ref={useForkRef(ref, polite)} />;
}

/** notistack's `Components` for the SnackbarProvider. */
export const toastComponents = { default: StatusToast, info: StatusToast, success: StatusToast };

/** The toasts of the pages below it (a lazy chunk: the home page shows none, so notistack is not in its first load). */
export default function Toasts({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={toastComponents}
    >
      {children}
    </SnackbarProvider>
  );
}
