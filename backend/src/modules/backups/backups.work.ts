import type { DeclareWork } from '../../events/work';
import type { BackupsService } from './backups.service';

/** Once a day (with `BACKUPS=on`), in one process: a backup of the database, then the pruning of old ones. */
export const backupsWork: DeclareWork<{ backups: BackupsService | null }> = ({ backups }, _config, logger) => ({
  recurring: backups
    ? [
        {
          name: 'backups.daily',
          everySeconds: 24 * 60 * 60,
          run: async () => {
            const { made, pruned } = await backups.backUpAndPrune();
            logger.info(
              { backup: made.reference, bytes: made.bytes, schemaVersion: made.schemaVersion, imagesCopied: made.imagesCopied, pruned },
              'database backed up',
            );
          },
        },
      ]
    : [],
});
