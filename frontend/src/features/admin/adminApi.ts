import { CombinedGraphQLErrors } from '@apollo/client';
import { getFirebaseAuth } from '../../lib/firebase';

/** The signed-in user's Firebase ID token, for the REST calls the admin pages make. */
export async function currentToken(): Promise<string | null> {
  return (await getFirebaseAuth()?.currentUser?.getIdToken()) ?? null;
}

/** Downloads the server's CSV of every row matching the grid's filter (not just the visible page), or of the age evidence log. */
export async function downloadCsv(name: 'orders' | 'products' | 'users' | 'age-checks', query: string): Promise<void> {
  const token = await currentToken();
  const response = await fetch(`/api/admin/export/${name}.csv${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The export failed (${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** True when the server refused the operation with 403 (GraphQL code FORBIDDEN). */
export function isForbidden(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'FORBIDDEN');
}
