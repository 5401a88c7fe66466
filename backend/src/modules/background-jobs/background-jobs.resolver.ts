import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { type GraphQLContextOf, Allow } from '../auth';
import type { BackgroundJobsService } from './background-jobs.service';
import { FailedJob, ScheduledJob } from './failed-job.type';

type GraphQLContext = GraphQLContextOf<{ backgroundJobs: BackgroundJobsService }>;

@Resolver()
export class BackgroundJobsResolver {
  @Allow({ allow: 'admin person' })
  @Query(() => [FailedJob], { description: 'Admin only: background jobs that failed for good, newest first' })
  failedJobs(@Ctx() { caller, services }: GraphQLContext): Promise<FailedJob[]> {
    return services.backgroundJobs.failed(caller);
  }

  @Allow({ allow: 'admin person' })
  @Query(() => [ScheduledJob], { description: 'Admin only: the recurring jobs by name, with their last success and last error' })
  scheduledJobs(@Ctx() { caller, services }: GraphQLContext): Promise<ScheduledJob[]> {
    return services.backgroundJobs.scheduled(caller);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => [FailedJob], { description: 'Admin only: runs a failed job once more; answers the failed jobs left' })
  retryJob(
    @Arg('id', () => ID, { description: 'The failed job to run again' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<FailedJob[]> {
    return services.backgroundJobs.retry(caller, id);
  }
}
