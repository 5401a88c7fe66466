import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import Spinner from '../components/Spinner';
import { useAuth } from '../lib/auth';
import { useMe } from '../lib/useMe';

// When the admin guard has just signed a non-admin out, the guards around it (RequireAuth above
// /dashboard) see an anonymous visitor: they must not remember the admin page as the place to
// return to, or logging in again would bring the user straight back to be signed out again.
let refusedAt = 0;
const justRefused = () => Date.now() - refusedAt < 5000;

/** Signed-in pages: anonymous visitors go to /login, which brings them back afterwards. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, initializing } = useAuth();
  const location = useLocation();
  if (initializing) return <Spinner />;
  if (!user) return <Navigate to="/login" replace state={justRefused() ? null : { from: location }} />;
  return children ?? <Outlet />;
}

/** Admin pages: a signed-in non-admin is signed out and sent to /login. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, initializing, signOut } = useAuth();
  const { isAdmin, loading } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const refused = !initializing && !!user && !loading && !isAdmin;
  // Once refused, stay refused: the sign-out must not turn this into the anonymous redirect that
  // remembers this page (logging in would bring the user straight back to be signed out again).
  const [bounced, setBounced] = useState(false);
  if (refused && !bounced) setBounced(true);

  useEffect(() => {
    if (!refused) return;
    refusedAt = Date.now();
    // No `from`: returning a non-admin to this page after login would only sign them out again.
    void signOut().finally(() => navigate('/login', { replace: true }));
  }, [refused, signOut, navigate]);

  if (initializing || bounced) return <Spinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (loading || refused) return <Spinner />;
  return children ?? <Outlet />;
}
