import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { Column } from 'typeorm';
import { badInput } from '../../common/errors';
import {
  DEFAULT_ENGRAVING_PLACEMENTS,
  ENGRAVING_PLACEMENT_LABELS,
  engravingError,
  engravingPlacementFor,
  type EngravingPlacementId,
} from '@keen/rules';

/**
 * Engraving: the fixed font list, the rules an engraving text must follow, a product's engraving
 * settings and the surcharge. One place, so GraphQL, REST and the order snapshot agree.
 */

@ObjectType({ simpleResolvers: true, description: 'A font the workshop engraves with' })
export class EngravingFont {
  @Field(() => String, { description: 'Stable id, stored on orders' })
  id!: string;

  @Field(() => String, { description: 'What the shopper sees, e.g. Script (Great Vibes)' })
  name!: string;
}

/** The client maps each id to a bundled font file; the ids are stored on orders, so never rename one. */
export const ENGRAVING_FONTS: readonly EngravingFont[] = [
  { id: 'serif', name: 'Serif (Playfair Display)' },
  { id: 'script', name: 'Script (Great Vibes)' },
  { id: 'block', name: 'Block capitals (Bebas Neue)' },
  { id: 'mono', name: 'Monospace (IBM Plex Mono)' },
];

const ENGRAVING_FONT_IDS = ENGRAVING_FONTS.map((font) => font.id);

/** Where on a knife an engraving goes: the rules' ids (stored on products and orders) and their labels. */
export enum EngravingPlacement {
  BladeLeft = 'BladeLeft',
  BladeRight = 'BladeRight',
  Spine = 'Spine',
  Bolster = 'Bolster',
  Handle = 'Handle',
}
registerEnumType(EngravingPlacement, {
  name: 'EngravingPlacement',
  description: 'Where on a knife an engraving goes',
  valuesConfig: Object.fromEntries(
    Object.values(EngravingPlacement).map((placement) => [placement, { description: ENGRAVING_PLACEMENT_LABELS[placement] }]),
  ),
});
// The rules' list and this enum are the same ids.
const _samePlacements: Record<EngravingPlacementId, EngravingPlacement> = EngravingPlacement;
void _samePlacements;

/**
 * An engraving's text and font: what an order asks for (the input EngravingInput) and, with the
 * surcharge, what it keeps (OrderEngraving). Nothing returns a bare Engraving, so the schema has none.
 */
@ObjectType({ simpleResolvers: true })
@InputType('EngravingInput', { description: 'Text to engrave on every unit of the order, in one of engravingFonts' })
export class Engraving {
  @Field(() => String, {
    description: "Letters, digits, spaces and . , ' & - ! (no space at either end), up to the product's engravingMaxLength",
  })
  text!: string;

  @Field(() => String, { description: 'An engravingFonts id' })
  font!: string;

  @Field(() => EngravingPlacement, {
    nullable: true,
    description: "Where it goes: one of the product's engravingPlacements; required when it offers more than one, its only one otherwise",
  })
  placement?: EngravingPlacement | null;
}

export interface EngravingSettings {
  engravable: boolean;
  engravingMaxLength: number;
  /** The surcharge per engraved unit, in minor units. */
  engravingAmount: number;
  /** Where an engraving may go, at least one. */
  engravingPlacements: readonly string[];
}

/**
 * The engraving an order may carry for this product, or null for none (absent, or empty text).
 * REST bodies reach here typed: the route's declared body has refused a wrong-typed engraving already.
 */
export function checkEngraving(product: EngravingSettings, input: Engraving | null | undefined): Engraving | null {
  if (!input || input.text === '') return null;
  const error = engravingError(input.text, input.font, ENGRAVING_FONT_IDS, product, input.placement);
  if (error) throw badInput(error);
  const where = engravingPlacementFor(product, input.placement);
  if ('error' in where) throw badInput(where.error);
  return { text: input.text.normalize('NFC'), font: input.font, placement: where.placement as EngravingPlacement };
}

/** The unit surcharge an order pays, in minor units: the product's engraving surcharge, only when engraved. */
export const engravingSurcharge = (product: EngravingSettings, engraving: Engraving | null): number =>
  engraving ? product.engravingAmount : 0;

/** GraphQL: `unitAmount: Money!` and the whole `unitPrice` (orders.resolver.ts, in the order's currency). */
@ObjectType({ simpleResolvers: true, description: "An order's engraving, as it was when ordered" })
export class OrderEngraving extends Engraving {
  @Field(() => EngravingPlacement, { description: 'Where it goes on the knife' })
  declare placement: EngravingPlacement;

  /** Surcharge per unit in minor units. */
  amount!: number;

  currency!: string;
}

/** The property names of EngravingColumns: what an engraving field reads (`@ReadsColumns`). */
export const ENGRAVING_COLUMN_NAMES = ['engravingText', 'engravingFont', 'engravingUnitAmount', 'engravingPlacement'];

/** The four columns an engraving is kept in: on an order line, and (the first line's) on an order. */
export abstract class EngravingColumns {
  @Column('varchar', { length: 40, nullable: true })
  engravingText!: string | null;

  @Column('varchar', { length: 20, nullable: true })
  engravingFont!: string | null;

  /** Surcharge per unit in minor units. */
  @Column('int', { nullable: true })
  engravingUnitAmount!: number | null;

  /** Where it goes (an EngravingPlacement); set with engravingText. */
  @Column('varchar', { length: 20, nullable: true })
  engravingPlacement!: string | null;
}

/** An order's or an order line's engraving snapshot, from its columns (null when not engraved). */
export const engravingSnapshot = (
  row: {
    engravingText: string | null;
    engravingFont: string | null;
    engravingUnitAmount: number | null;
    engravingPlacement?: string | null;
  },
  currency: string,
): OrderEngraving | null =>
  row.engravingText === null || row.engravingText === undefined
    ? null
    : {
        text: row.engravingText,
        font: row.engravingFont ?? '',
        placement: (row.engravingPlacement ?? DEFAULT_ENGRAVING_PLACEMENTS[0]) as EngravingPlacement,
        amount: row.engravingUnitAmount ?? 0,
        currency,
      };
