import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../db/timestamp-columns';

/** An admin right given from the command line to someone not yet seen with a verified e-mail. */
@Entity('staff_grant')
export class StaffGrant {
  @PrimaryColumn('varchar', { length: 254, primaryKeyConstraintName: 'PK_staff_grant' })
  email!: string;

  @Column('varchar', { length: 254 })
  grantedBy!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}

export enum StaffRoleAction {
  /** The admin right was given (at once, or waiting for the first verified sign-in: see `note`). */
  grant = 'grant',
  /** A waiting grant took effect at its person's first verified sign-in. */
  apply = 'apply',
  /** The admin right, or a waiting grant, was taken back. */
  revoke = 'revoke',
}

/** One line of the history of admin rights given and taken from the command line. */
@Entity('staff_role_event')
@Index('IDX_staff_role_event_email_created_at', ['email', 'createdAt'])
export class StaffRoleEvent {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_staff_role_event' })
  id!: string;

  /** Whose right changed. */
  @Column('varchar', { length: 254 })
  email!: string;

  @Column('varchar', { length: 20 })
  action!: StaffRoleAction;

  /** Who changed it: the operating-system account and host that ran the command, or "first verified sign-in". */
  @Column('varchar', { length: 254 })
  actor!: string;

  @Column('varchar', { length: 500, nullable: true })
  note!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
