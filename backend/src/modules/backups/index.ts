/** The daily backup. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { backupsWork } from './backups.work';

export const backupsModule = keenModule({
  name: 'backups',
  work: backupsWork,
});
