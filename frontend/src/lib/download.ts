import { getFirebaseAuth } from './firebase';

/** Saves `blob` as a file the browser downloads under `filename`. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Saves a JSON text as a file the browser downloads (a person's data export). */
export function downloadJson(text: string, filename: string) {
  saveBlob(new Blob([text], { type: 'application/json' }), filename);
}

/**
 * Downloads a file the server answers only to the signed-in user (a CSV export, an invoice PDF):
 * fetched with their token, then saved under `filename`. Throws the server's refusal.
 */
export async function downloadWithToken(path: string, filename: string): Promise<void> {
  const token = (await getFirebaseAuth()?.currentUser?.getIdToken()) ?? null;
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The download failed (${response.status})`);
  }
  saveBlob(await response.blob(), filename);
}
