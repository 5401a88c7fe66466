import { Field, ID, Int, ObjectType } from 'type-graphql';

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
