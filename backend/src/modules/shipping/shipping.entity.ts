import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { WeightBand } from '@keen/rules/schemas';
import { CreatedAtColumn } from '../../db/timestamp-columns';

/** Where the shop delivers: a named set of countries, each in one zone at most (ShippingZoneCountry). */
@Entity('shipping_zone')
@Index('UQ_shipping_zone_name', { synchronize: false }) // unique on lower(name): see the ShippingAndTax migration
export class ShippingZoneRow {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_shipping_zone' })
  id!: string;

  @Column('varchar', { length: 60 })
  name!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}

/** One country of a zone: the primary key keeps a country in one zone. */
@Entity('shipping_zone_country')
export class ShippingZoneCountry {
  /** ISO 3166-1 alpha-2. */
  @PrimaryColumn('char', { length: 2, primaryKeyConstraintName: 'PK_shipping_zone_country' })
  country!: string;

  @Index('IDX_shipping_zone_country_zone')
  @Column('uuid')
  zoneId!: string;

  @ManyToOne(() => ShippingZoneRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zoneId', foreignKeyConstraintName: 'FK_shipping_zone_country_zone' })
  zone?: ShippingZoneRow;
}

/** A region inside a country (its key in the address metadata) in a zone: it wins over its country's zone. */
@Entity('shipping_zone_region')
export class ShippingZoneRegion {
  /** ISO 3166-1 alpha-2. */
  @PrimaryColumn('char', { length: 2, primaryKeyConstraintName: 'PK_shipping_zone_region' })
  country!: string;

  @PrimaryColumn('varchar', { length: 100, primaryKeyConstraintName: 'PK_shipping_zone_region' })
  region!: string;

  @Index('IDX_shipping_zone_region_zone')
  @Column('uuid')
  zoneId!: string;

  @ManyToOne(() => ShippingZoneRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zoneId', foreignKeyConstraintName: 'FK_shipping_zone_region_zone' })
  zone?: ShippingZoneRow;
}

/** A way of delivering to a zone. Amounts are in the shop currency's minor units. */
@Entity('shipping_method')
@Check(
  'CHK_shipping_method_numbers',
  `"priceAmount" >= 0 AND ("freeOverAmount" IS NULL OR "freeOverAmount" > 0) AND "minDays" >= 0 AND "maxDays" >= "minDays"`,
)
export class ShippingMethodRow {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_shipping_method' })
  id!: string;

  @Index('IDX_shipping_method_zone')
  @Column('uuid')
  zoneId!: string;

  @ManyToOne(() => ShippingZoneRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zoneId', foreignKeyConstraintName: 'FK_shipping_method_zone' })
  zone?: ShippingZoneRow;

  @Column('varchar', { length: 60 })
  name!: string;

  @Column('int')
  priceAmount!: number;

  /** An order whose subtotal reaches this ships free; null: never. */
  @Column('int', { nullable: true })
  freeOverAmount!: number | null;

  @Column('int')
  minDays!: number;

  @Column('int')
  maxDays!: number;

  /** Prices by the order's weight, lightest band first; null: the flat priceAmount (then the first band's price). */
  @Column('jsonb', { nullable: true })
  weightBands!: WeightBand[] | null;

  @Column('boolean', { default: true })
  enabled!: boolean;

  @CreatedAtColumn()
  createdAt!: Date;
}

/**
 * A zone's tax rate for one product tax category, in thousandths of a percent (20000 is 20%, 8875 is
 * 8.875%): the whole zone's
 * (country and region ''), or a region's inside it (a US state, a Canadian province), which wins.
 */
@Entity('tax_rate')
@Check('CHK_tax_rate_range', `"rateMilliPercent" BETWEEN 0 AND 100000`)
export class TaxRateRow {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_tax_rate' })
  zoneId!: string;

  @PrimaryColumn('varchar', { length: 10, primaryKeyConstraintName: 'PK_tax_rate' })
  category!: string;

  /** ISO 3166-1 alpha-2 of a region's rate; '' for the zone's. */
  @PrimaryColumn('varchar', { length: 2, default: '', primaryKeyConstraintName: 'PK_tax_rate' })
  country!: string;

  /** The region's key in its country's address metadata (NY); '' for the zone's. */
  @PrimaryColumn('varchar', { length: 100, default: '', primaryKeyConstraintName: 'PK_tax_rate' })
  region!: string;

  /** Whether shipping is taxed (at the standard rate) where this standard rate applies; null: the shop's TAX_SHIPPING. */
  @Column('boolean', { nullable: true })
  taxShipping!: boolean | null;

  @ManyToOne(() => ShippingZoneRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zoneId', foreignKeyConstraintName: 'FK_tax_rate_zone' })
  zone?: ShippingZoneRow;

  /** Thousandths of a percent: 100000 is 100%. */
  @Column('int')
  rateMilliPercent!: number;
}
