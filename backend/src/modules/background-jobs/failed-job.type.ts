import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ simpleResolvers: true, description: 'A background job that failed for good: its retries are used up' })
export class FailedJob {
  @Field(() => ID, { description: "pg-boss's job id (a UUID), for retryJob" })
  id!: string;

  @Field(() => String, { description: 'The queue it ran on, e.g. orders.expire-holds or outbox.deliver' })
  queue!: string;

  @Field(() => String, { description: "pg-boss's state of the job: failed" })
  state!: string;

  @Field(() => Int, { description: 'Runs so far, the first included' })
  attempts!: number;

  @Field(() => String, { nullable: true, description: "The last run's error message" })
  lastError!: string | null;

  @Field(() => Date, { description: 'When the job was queued (ISO 8601)' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When its last run failed (ISO 8601)' })
  failedAt!: Date | null;
}

@ObjectType({ simpleResolvers: true, description: 'A recurring background job (e.g. orders.expire-holds) and how its last runs went' })
export class ScheduledJob {
  @Field(() => String, { description: 'Its queue, e.g. orders.expire-holds or outbox.prune' })
  name!: string;

  @Field(() => Float, { description: 'Seconds between runs while it succeeds' })
  periodSeconds!: number;

  @Field(() => Date, { nullable: true, description: 'When a run last succeeded (ISO 8601); null: not yet' })
  lastSuccessAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When a run last failed (ISO 8601); kept after later successes' })
  lastFailureAt!: Date | null;

  @Field(() => String, { nullable: true, description: "The last run's error while it keeps failing; null once a run succeeds" })
  lastError!: string | null;

  @Field(() => Int, { description: 'Failed runs in a row; each is retried sooner than the period, with backoff' })
  consecutiveFailures!: number;

  @Field(() => Date, { nullable: true, description: 'When the next run is due (ISO 8601); null while one runs' })
  nextRunAt!: Date | null;
}
