import type { BackupSettings } from '../../config';
import type { ImageStore } from '../uploads';
import { expiredBackups } from './backup-file';
import { type BackupStore, backupStore } from './backup-store';
import { type BackupMade, writeBackup } from './dump';
import { pruneImageCopies } from './images';

/**
 * Removes the backups in `store` past `keepDays` (never the newest), then the image copies no kept
 * backup lists and the shop no longer has (the kept backups' headers read with `encryptionKey`);
 * answers what it removed.
 */
export async function pruneBackups(
  store: BackupStore,
  images: ImageStore,
  keepDays: number,
  now = new Date(),
  encryptionKey: string | null = null,
): Promise<{ backups: string[]; images: string[] }> {
  const expired = expiredBackups(await store.list(), now, keepDays);
  for (const name of expired) await store.remove(name);
  const live = (await images.list()).map((image) => image.name);
  return { backups: expired, images: await pruneImageCopies(store, live, encryptionKey) };
}

/** The daily backup (`BACKUPS=on`), to the folder or bucket the settings name. */
export class BackupsService {
  readonly store: BackupStore;

  constructor(
    private readonly databaseUrl: string,
    private readonly settings: BackupSettings,
    private readonly images: ImageStore,
  ) {
    this.store = backupStore(settings);
  }

  /** A backup with its images, then the pruning of backups older than `BACKUP_KEEP_DAYS` and of image copies none needs. */
  async backUpAndPrune(now = new Date()): Promise<{ made: BackupMade; pruned: { backups: string[]; images: string[] } }> {
    const { encryptionKey } = this.settings;
    const made = await writeBackup(this.databaseUrl, this.store, this.images, { now, encryptionKey });
    return { made, pruned: await pruneBackups(this.store, this.images, this.settings.keepDays, now, encryptionKey) };
  }
}
