import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The workshop's one row of settings: how long stock takes to hand over, and how much made-to-order work a week takes. */
@Entity('workshop_settings')
@Check('CHK_workshop_settings_one', `"id" = 1`)
@Check('CHK_workshop_settings_numbers', `"handlingDays" BETWEEN 0 AND 30 AND ("capacityPerWeek" IS NULL OR "capacityPerWeek" >= 1)`)
export class WorkshopSettingsRow {
  @PrimaryColumn('int', { primaryKeyConstraintName: 'PK_workshop_settings', default: 1 })
  id!: number;

  /** Working days an in-stock order takes to ship. */
  @Column('int', { default: 2 })
  handlingDays!: number;

  /** Units of made-to-order work a week; null: the queue does not lengthen the estimate. */
  @Column('int', { nullable: true })
  capacityPerWeek!: number | null;
}

/** A day the workshop does not work (a holiday, a knife show): no working day counts it. */
@Entity('workshop_closed_date')
export class ClosedDateRow {
  /** `YYYY-MM-DD`. */
  @PrimaryColumn('date', { primaryKeyConstraintName: 'PK_workshop_closed_date' })
  date!: string;

  @Column('varchar', { length: 80, default: '' })
  note!: string;
}
