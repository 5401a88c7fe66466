import { useQuery } from '@apollo/client/react';
import { MeQuery } from '../operations/me';
import { useAuth } from './auth';

/** The signed-in user's profile from the API (role tells admins apart). */
export function useMe() {
  const { user, initializing } = useAuth();
  const result = useQuery(MeQuery, { skip: !user });
  const me = user ? (result.data?.me ?? null) : null;
  return { me, isAdmin: me?.role === 'admin', loading: initializing || (!!user && result.loading), error: result.error };
}
