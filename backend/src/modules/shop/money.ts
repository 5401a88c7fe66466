import { formatMoney, toMajorUnits, toMinorUnits, toWholeMajorUnits } from '@keen/rules';
import { Field, Int, ObjectType } from 'type-graphql';
import type { ShopSettings } from '../../config';

@ObjectType({ simpleResolvers: true, description: "An exact amount: an integer of the currency's minor units (cents), and how it reads" })
export class Money {
  @Field(() => Int, { description: 'In minor units: 12950 is $129.50 in USD, 12950 is ¥12,950 in JPY' })
  amount!: number;

  @Field(() => String, { description: 'ISO 4217, for example USD' })
  currency!: string;

  @Field(() => String, { description: "Written in the shop's locale, for example $1,250.00" })
  formatted!: string;
}

/**
 * The shop's money: amounts are integers of its currency's minor units everywhere inside Keen;
 * these are the only conversions, for the GraphQL Money type, the REST layer's major units and the
 * SPEC's whole-unit fields.
 */
export class ShopMoney {
  constructor(readonly settings: ShopSettings) {}

  get currency(): string {
    return this.settings.currency;
  }

  /** A Money in the shop's currency, or in an order's own one. */
  money(amount: number, currency = this.settings.currency): Money {
    return { amount, currency, formatted: formatMoney(amount, currency, this.settings.locale) };
  }

  format(amount: number, currency = this.settings.currency): string {
    return formatMoney(amount, currency, this.settings.locale);
  }

  /** For REST: 12950 is 129.5. */
  major(amount: number, currency = this.settings.currency): number {
    return toMajorUnits(amount, currency);
  }

  /** For the SPEC's integer fields: whole units, half up. */
  whole(amount: number, currency = this.settings.currency): number {
    return toWholeMajorUnits(amount, currency);
  }

  /** A whole or decimal amount in major units (the SPEC's `price: 129`) to minor units. */
  minor(major: number): number {
    return toMinorUnits(major, this.settings.currency);
  }
}
