import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An operation's idempotency key: claimed while its work runs, then holding the result's id for 24 hours. */
@Entity('idempotency_key')
export class IdempotencyKey {
  /** The user who sent it: another caller's equal key is another key. No foreign key: rows live a day at most. */
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_idempotency_key' })
  callerId!: string;

  @PrimaryColumn('varchar', { length: 40, primaryKeyConstraintName: 'PK_idempotency_key' })
  operation!: string;

  @PrimaryColumn('varchar', { length: 255, primaryKeyConstraintName: 'PK_idempotency_key' })
  key!: string;

  /** sha256 of the normalised request, the key left out. */
  @Column('varchar', { length: 64 })
  requestHash!: string;

  /** 'running' while a process works on it, 'done' once its result is committed. */
  @Column('varchar', { length: 10 })
  state!: string;

  /** Which claim is working on it: only that claim may finish or release it. */
  @Column('uuid')
  claimToken!: string;

  @Column('varchar', { length: 255, nullable: true })
  resultId!: string | null;

  @Index('IDX_idempotency_key_created')
  @Column('timestamptz', { default: () => 'now()' })
  createdAt!: Date;

  /** When the current claim was taken: a running claim older than the stale limit was left by a process that died. */
  @Column('timestamptz', { default: () => 'now()' })
  claimedAt!: Date;
}
