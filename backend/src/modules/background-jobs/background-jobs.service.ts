import { notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { FailedJob, JobQueue, ScheduledJobStatus } from '../../jobs/job-queue';
import { type Caller, requireAdminPerson } from '../auth';

/** The admins' view of the job queue: what failed for good (and a way to run it again), and how the recurring jobs fare. */
export class BackgroundJobsService {
  constructor(private readonly jobs: JobQueue) {}

  failed(caller: Caller): Promise<FailedJob[]> {
    requireAdminPerson(caller);
    return this.jobs.failedJobs();
  }

  scheduled(caller: Caller): Promise<ScheduledJobStatus[]> {
    requireAdminPerson(caller);
    return this.jobs.scheduledJobs();
  }

  /** Gives a failed job one more run; answers the failed jobs left. */
  async retry(caller: Caller, id: string): Promise<FailedJob[]> {
    requireAdminPerson(caller);
    if (!isId(id) || !(await this.jobs.retry(id))) throw notFound('Failed job');
    return this.jobs.failedJobs();
  }
}
