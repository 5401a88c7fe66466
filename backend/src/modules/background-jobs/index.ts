/** The admins' view of the job queue. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { BackgroundJobsResolver } from './background-jobs.resolver';

export const backgroundJobsModule = keenModule({
  name: 'background-jobs',
  resolvers: [BackgroundJobsResolver],
});
