import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';
import { User } from '../users';

/** An integrator's URL that receives signed POSTs of the domain events it chose. */
@ObjectType({ simpleResolvers: true, description: 'A URL that receives the chosen events as signed POSTs' })
@Entity('webhook_endpoint')
export class WebhookEndpoint {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_endpoint' })
  id!: string;

  @Field(() => String, { description: 'Where events are POSTed, signed with the endpoint secret' })
  @Column('varchar', { length: 2000 })
  url!: string;

  @Field(() => [String], { description: 'Event names, e.g. order.paid' })
  @Column('text', { array: true })
  events!: string[];

  /** The signing secret (whsec_...): Keen signs with it, so it is kept as it is; shown once, at creation. */
  @Column('varchar', { length: 100 })
  secret!: string;

  @Field(() => Boolean, { description: 'A disabled endpoint receives nothing' })
  @Column('boolean', { default: true })
  enabled!: boolean;

  @Field(() => Int, { description: 'Failed attempts since its last 2xx answer' })
  @Column('integer', { default: 0 })
  consecutiveFailures!: number;

  @Field(() => Date, {
    nullable: true,
    description: 'Set when it was paused for failing too often in a row: it receives nothing until resumed or a test succeeds',
  })
  @Column('timestamptz', { nullable: true })
  failingSince!: Date | null;

  /** The admin who made it; the endpoint belongs to the shop and stays when they leave or are demoted. */
  @Column('uuid', { nullable: true })
  createdById!: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'createdById', foreignKeyConstraintName: 'FK_webhook_endpoint_created_by' })
  creator?: User | null;

  @Field(() => String, {
    nullable: true,
    description: 'The e-mail of the admin who created it (null for endpoints made before it was recorded)',
  })
  @Column('varchar', { length: 254, nullable: true })
  createdBy!: string | null;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}

export enum WebhookDeliveryStatus {
  pending = 'pending',
  delivered = 'delivered',
  failed = 'failed',
  cancelled = 'cancelled',
}
registerEnumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands',
  valuesConfig: {
    pending: { description: 'Being tried, or waiting for a retry' },
    delivered: { description: 'The endpoint answered 2xx' },
    failed: { description: 'Every retry failed; resendWebhookDelivery starts again' },
    cancelled: { description: 'Ended unsent: its endpoint was disabled or paused as failing (the error says which)' },
  },
});

/** One event for one endpoint, with its latest attempt. */
@ObjectType({ simpleResolvers: true, description: 'One event sent to one endpoint, with its latest attempt' })
@Entity('webhook_delivery')
@Unique('UQ_webhook_delivery_endpoint_event', ['endpointId', 'eventId'])
@Index('IDX_webhook_delivery_endpoint_created_at', ['endpointId', 'createdAt'])
export class WebhookDelivery {
  @Field(() => ID, { description: 'A UUID' })
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_delivery' })
  id!: string;

  @Column('uuid')
  endpointId!: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpointId', foreignKeyConstraintName: 'FK_webhook_delivery_endpoint' })
  endpoint?: WebhookEndpoint;

  @Field(() => ID, { description: 'The event id, sent as Keen-Event-Id: the same for every attempt' })
  @Column('uuid')
  eventId!: string;

  @Field(() => String, { description: 'The event name, e.g. order.paid' })
  @Column('varchar', { length: 50 })
  event!: string;

  /** The JSON body, fixed when the delivery is made so that every attempt sends the same bytes. */
  @Column('text')
  body!: string;

  @Field(() => WebhookDeliveryStatus, { description: 'Where the delivery stands' })
  @Column('varchar', { length: 20, default: WebhookDeliveryStatus.pending })
  status!: WebhookDeliveryStatus;

  @Field(() => Int, { description: 'Attempts made so far' })
  @Column('integer', { default: 0 })
  attempts!: number;

  /** The attempt after which a failure is final (retries run out). */
  @Column('integer')
  attemptLimit!: number;

  @Field(() => Int, { nullable: true, description: "The latest attempt's HTTP status (null: no answer)" })
  @Column('integer', { nullable: true })
  statusCode!: number | null;

  @Field(() => Int, { nullable: true, description: "The latest attempt's time in milliseconds" })
  @Column('integer', { nullable: true })
  durationMs!: number | null;

  @Field(() => String, { nullable: true, description: 'Why the latest attempt failed' })
  @Column('varchar', { length: 500, nullable: true })
  error!: string | null;

  @Field(() => Date, { nullable: true, description: 'About when the next retry goes out' })
  @Column('timestamptz', { nullable: true })
  nextRetryAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the endpoint answered 2xx (ISO 8601)' })
  @Column('timestamptz', { nullable: true })
  deliveredAt!: Date | null;

  @Field(() => Date, { description: 'When it was made (ISO 8601)' })
  @CreatedAtColumn()
  createdAt!: Date;
}
