import { AppError } from '../../common/errors';
import type { ImageStore } from '../uploads';
import { BackupReader } from './backup-file';
import type { BackupStore } from './backup-store';

/** Copies the images named that `to` does not hold yet (Keen never rewrites an image under its name); answers how many. */
export async function copyImages(from: ImageStore, names: readonly string[], to: BackupStore): Promise<number> {
  const copied = new Set(await to.imageNames());
  let count = 0;
  for (const name of names.filter((candidate) => !copied.has(candidate))) {
    const image = await from.open(name);
    // Cleaned up since it was listed: no row pointed at it any more.
    if (!image) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of image.body) chunks.push(chunk as Buffer);
    await to.saveImage(name, Buffer.concat(chunks));
    count += 1;
  }
  return count;
}

/** Puts back the images named that `to` lacks, from their copies; answers those put back and those with no copy. */
export async function restoreImages(
  names: readonly string[],
  from: BackupStore,
  to: ImageStore,
): Promise<{ restored: number; missing: string[] }> {
  const present = new Set((await to.list()).map(({ name }) => name));
  const missing: string[] = [];
  let restored = 0;
  for (const name of names.filter((candidate) => !present.has(candidate))) {
    const bytes = await from.readImage(name);
    if (!bytes) {
      missing.push(name);
      continue;
    }
    await to.save(name, bytes, contentTypeOf(name));
    restored += 1;
  }
  return { restored, missing };
}

/**
 * Removes the image copies that no kept backup lists and that the shop no longer has (a live image
 * stays: the next backup lists it again); answers their names. Each kept backup's header is read
 * for its list (decrypted with `encryptionKey`), the rest of the file is not. Should one not be
 * readable (an encrypted one made with another key, say), no copy is removed: which images it needs
 * is unknown.
 */
export async function pruneImageCopies(
  store: BackupStore,
  live: readonly string[],
  encryptionKey: string | null = null,
): Promise<string[]> {
  const needed = new Set(live);
  for (const name of await store.list()) {
    const file = await store.open(name);
    try {
      for (const image of (await new BackupReader(file, encryptionKey).header()).images) needed.add(image);
    } catch (error) {
      if (error instanceof AppError) return [];
      throw error;
    } finally {
      file.destroy();
    }
  }
  const unneeded = (await store.imageNames()).filter((name) => !needed.has(name));
  for (const name of unneeded) await store.removeImage(name);
  return unneeded;
}

function contentTypeOf(name: string): string {
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg')) return 'image/jpeg';
  return 'image/webp';
}
