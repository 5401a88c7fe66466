import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** When the row was inserted: a timestamptz the database fills in. Every entity's `createdAt`. */
export const CreatedAtColumn = (): PropertyDecorator => CreateDateColumn({ type: 'timestamptz' });

/** When the row was last saved: a timestamptz TypeORM moves on each update. Every entity's `updatedAt`. */
export const UpdatedAtColumn = (): PropertyDecorator => UpdateDateColumn({ type: 'timestamptz' });
