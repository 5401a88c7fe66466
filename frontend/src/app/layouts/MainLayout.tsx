import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { Outlet } from 'react-router-dom';
import Spinner from '../../components/Spinner';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { useAuth } from '../../lib/auth';
import Navbar from './Navbar';
import SkipLink from './SkipLink';
import { toastComponents } from './Toast';

// Below the fold on every page: it loads after the first paint.
const Footer = lazy(() => afterFirstPaint().then(() => import('./Footer')));

/** Navbar, footer and the toast container on every page (a toast survives the redirect home after sign-in). */
export default function MainLayout() {
  const { error } = useAuth();
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={toastComponents}
    >
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <SkipLink />
        <Navbar />
        {error && (
          <Typography role="alert" sx={{ color: 'error.main', textAlign: 'center', p: 1 }}>
            Sign-in is unavailable right now ({error}). Please reload the page.
          </Typography>
        )}
        <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </Box>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </Box>
    </SnackbarProvider>
  );
}
