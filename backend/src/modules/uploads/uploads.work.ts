import type { DeclareWork } from '../../events/work';
import type { UploadsService } from './uploads.service';

/** Hourly, the uploads no column of UPLOAD_COLUMNS points at any more are removed. */
export const uploadsWork: DeclareWork<{ uploads: UploadsService }> = ({ uploads }, _config, logger) => ({
  recurring: [
    {
      name: 'uploads.clean-up',
      everySeconds: 60 * 60,
      run: async () => {
        const removed = await uploads.removeUnreferenced();
        if (removed.length) logger.info({ removed: removed.length }, 'removed unreferenced uploads');
      },
    },
  ],
});
