import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';

/** An intent held by the offline test provider, so that look-ups work as they do at Stripe. */
@Entity('test_payment_intent')
export class TestPaymentIntent {
  @PrimaryColumn('varchar', { length: 255, primaryKeyConstraintName: 'PK_test_payment_intent' })
  id!: string;

  @Index('UQ_test_payment_intent_idempotency_key', { unique: true })
  @Column('varchar', { length: 255 })
  idempotencyKey!: string;

  @Column('varchar', { length: 255 })
  clientSecret!: string;

  @Column('int')
  amount!: number;

  @Column('varchar', { length: 3 })
  currency!: string;

  @Column('varchar', { length: 40 })
  status!: string;

  /** Metadata, as at Stripe: deliberately no foreign key, the provider does not know Keen's tables. */
  @Column('varchar', { length: 255, nullable: true })
  orderId!: string | null;

  @Column('varchar', { length: 255, nullable: true })
  lastError!: string | null;

  /** Set by a refund: at Stripe too the intent stays `succeeded` and the refund is its own object. */
  @Column('timestamptz', { nullable: true })
  refundedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}

/** A refund the offline test provider made: its own object, as at Stripe, found again by its idempotency key. */
@Entity('test_refund')
export class TestRefund {
  @PrimaryColumn('varchar', { length: 255, primaryKeyConstraintName: 'PK_test_refund' })
  id!: string;

  @Index('UQ_test_refund_idempotency_key', { unique: true })
  @Column('varchar', { length: 255 })
  idempotencyKey!: string;

  @Index('IDX_test_refund_intent')
  @Column('varchar', { length: 255 })
  intentId!: string;

  @Column('int')
  amount!: number;

  @CreatedAtColumn()
  createdAt!: Date;
}
