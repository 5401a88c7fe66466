import { useCallback, type ReactNode, type Ref } from 'react';
import { styled, useForkRef } from '@mui/material';
import { MaterialDesignContent, SnackbarProvider, type CustomContentProps } from 'notistack';

/** notistack's colours, darkened (or, for warnings, dark text) to a contrast of at least 4.5:1 against their text. */
const ToastContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#ff9800', color: '#000' },
});

/**
 * notistack renders every toast as `role="alert"` (assertive). Errors and warnings keep that;
 * news (success, info, default) becomes a polite `role="status"` before the browser paints it.
 */
function StatusToast({ ref, ...props }: CustomContentProps & { ref?: Ref<HTMLDivElement> }) {
  const polite = useCallback((node: HTMLDivElement | null) => node?.setAttribute('role', 'status'), []);
  return <ToastContent {...props} ref={useForkRef(ref, polite)} />;
}

/** notistack's `Components` for the SnackbarProvider. */
export const toastComponents = {
  default: StatusToast,
  info: StatusToast,
  success: StatusToast,
  warning: ToastContent,
  error: ToastContent,
};

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
