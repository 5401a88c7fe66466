import { CombinedGraphQLErrors } from '@apollo/client';
import { downloadWithToken } from '../../lib/download';
import { getFirebaseAuth } from '../../lib/firebase';

/** The signed-in user's Firebase ID token, for the REST calls the admin pages make. */
export async function currentToken(): Promise<string | null> {
  return (await getFirebaseAuth()?.currentUser?.getIdToken()) ?? null;
}

/** Downloads the server's CSV of every row matching the grid's filter (not just the visible page), or of the age evidence log. */
export function downloadCsv(name: 'orders' | 'products' | 'users' | 'age-checks', query: string): Promise<void> {
  return downloadWithToken(`/api/admin/export/${name}.csv${query ? `?${query}` : ''}`, `${name}.csv`);
}

/** True when the server refused the operation with 403 (GraphQL code FORBIDDEN). */
export function isForbidden(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}
