import { lazy, Suspense, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Outlet, useLocation } from 'react-router-dom';
import Spinner from '../../components/Spinner';
import { afterFirstPaint } from '../../lib/afterFirstPaint';
import { preloadableLazy } from '../../lib/preloadableLazy';
import { useAuth } from '../../lib/auth';
import Navbar from './Navbar';
import SkipLink from './SkipLink';

// Below the fold on every page: it loads after the first paint.
const Footer = lazy(() => afterFirstPaint().then(() => import('./Footer')));
const Toasts = preloadableLazy(() => import('./Toast'));

const isHome = (pathname: string) => ['', '/home'].includes(pathname.toLowerCase().replace(/\/+$/, ''));

/** What the layout shows around the page at `pathname` from its first render: the toasts, but on the home page. */
export async function preloadLayout(pathname: string): Promise<void> {
  if (!isHome(pathname)) await Toasts.preload();
}

/** Navbar, footer and, around the pages, the toast container. */
export default function MainLayout() {
  const { error } = useAuth();
  const { pathname } = useLocation();
  // The home page shows no toasts: the container comes with the first other page, and then stays
  // (a toast survives the redirect home after sign-in). It wraps the page, not the navbar, so that
  // adding it re-creates only the page that is replacing the previous one anyway.
  const [toasts, setToasts] = useState(() => !isHome(pathname));
  if (!toasts && !isHome(pathname)) setToasts(true);
  const page = (
    <Suspense fallback={<Spinner />}>
      <Outlet />
    </Suspense>
  );
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Navbar />
      {error && (
        <Typography role="alert" sx={{ color: 'error.main', textAlign: 'center', p: 1 }}>
          Sign-in is unavailable right now ({error}). Please reload the page.
        </Typography>
      )}
      {/* At least a screen high: the footer starts below the first screen, so a page's content
          arriving after its spinner never pushes a footer in view down (Lighthouse's layout shift). */}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none' }}>
        {toasts ? (
          <Suspense fallback={<Spinner />}>
            <Toasts>{page}</Toasts>
          </Suspense>
        ) : (
          page
        )}
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </Box>
  );
}
