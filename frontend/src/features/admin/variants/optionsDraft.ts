import { type OptionGroupInput, productOptionsInput } from '@keen/rules/schemas';
import { parseMajorAmount } from '@keen/rules';
import type { ProductVariantsFieldsFragment } from '../../../gql/graphql';
import { amountText, unreadableAmount } from '../../../lib/money';

export type OptionGroup = ProductVariantsFieldsFragment['optionGroups'][number];
export type Variant = ProductVariantsFieldsFragment['variants'][number];

/** A made-to-measure value as its fields hold it (text, so that an empty field reads "is Required"). */
export interface CustomDraft {
  label: string;
  min: string;
  max: string;
  unit: string;
  /** In major units as typed ("12.50"). */
  surcharge: string;
}

/** An option group being edited: `key` keeps React's rows steady while the name changes. */
export interface GroupDraft {
  key: string;
  name: string;
  values: string[];
  custom: CustomDraft | null;
}

export const NEW_CUSTOM: CustomDraft = { label: 'Made to measure', min: '', max: '', unit: 'cm', surcharge: '0' };

let nextKey = 0;
export const newKey = () => `group-${++nextKey}`;

/** The stored groups as drafts; the made-to-measure value is the group's `custom`, not one of its chips. */
export function draftsOf(groups: readonly OptionGroup[]): GroupDraft[] {
  return groups.map((group) => ({
    key: group.id,
    name: group.name,
    values: group.values.filter((value) => !value.custom).map((value) => value.name),
    custom: group.custom
      ? {
          label: group.custom.label,
          min: String(group.custom.min),
          max: String(group.custom.max),
          unit: group.custom.unit,
          surcharge: amountText(group.custom.surchargeAmount.amount, group.custom.surchargeAmount.currency),
        }
      : null,
  }));
}

const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));
/** A typed amount in minor units; NaN when it cannot be read (checkOptions says so). */
const amountOf = (text: string, currency: string) => (text.trim() === '' ? undefined : (parseMajorAmount(text, currency) ?? NaN));

/** The drafts as the shared schema (and setProductOptions) takes them, the surcharge in minor units of `currency`. */
export function inputOf(drafts: readonly GroupDraft[], currency: string) {
  return drafts.map(({ name, values, custom }) => ({
    name,
    values,
    custom: custom && {
      label: custom.label,
      min: numberOf(custom.min),
      max: numberOf(custom.max),
      unit: custom.unit,
      surchargeAmount: amountOf(custom.surcharge, currency),
    },
  }));
}

export interface OptionsCheck {
  /** The parsed groups when they are valid. */
  groups: OptionGroupInput[] | null;
  /** Each field's first message, by path ("0.name", "1.values.2", "0.custom.min"). */
  fields: Map<string, string>;
  /** Messages about the options as a whole (a value twice, too many variants). */
  general: string[];
}

/** Checks the drafts with the schema the server uses, so the messages are the server's. */
export function checkOptions(drafts: readonly GroupDraft[], currency: string): OptionsCheck {
  const input = inputOf(drafts, currency);
  const result = productOptionsInput.safeParse(input);
  if (result.success) return { groups: result.data, fields: new Map(), general: [] };
  const fields = new Map<string, string>();
  const general: string[] = [];
  input.forEach(({ custom }, index) => {
    if (Number.isNaN(custom?.surchargeAmount)) fields.set(`${index}.custom.surcharge`, unreadableAmount(currency));
  });
  for (const issue of result.error.issues) {
    if (issue.path.length <= 1) {
      if (!general.includes(issue.message)) general.push(issue.message);
    } else {
      // The field that holds the surcharge is the draft's, in major units.
      const path = issue.path.map((key) => (key === 'surchargeAmount' ? 'surcharge' : String(key))).join('.');
      if (!fields.has(path)) fields.set(path, issue.message);
    }
  }
  return { groups: null, fields, general };
}

/** Every message of a check, for comparing two states. */
export function messagesOf(check: OptionsCheck): string[] {
  return [...check.fields.values(), ...check.general];
}

/** How many variants the groups make (each made-to-measure value counts as one). */
export function variantCount(groups: readonly OptionGroupInput[]): number {
  return groups.reduce((count, group) => count * (group.values.length + (group.custom ? 1 : 0)), 1);
}

/**
 * A variant left from earlier options: kept, disabled, for its orders; it matches no combination.
 * Without options the one live variant is the nameless one.
 */
export function isRetired(variant: Variant, groupCount: number): boolean {
  return variant.options.length !== groupCount || (groupCount === 0 && variant.name !== '');
}

type Combination = Map<string, string>;

/**
 * The current variants that the new groups would leave without a combination (the server deletes
 * them, or retires them when they have orders). Mirrors the server's matching: exact combinations
 * first, then one that agrees on every group both have, enabled variants first.
 */
export function variantsLost(
  variants: readonly Variant[],
  current: readonly OptionGroup[],
  groups: readonly OptionGroupInput[],
): Variant[] {
  const lower = (text: string) => text.toLowerCase();
  const combinations = groups.reduce<Combination[]>(
    (all, group) =>
      all.flatMap((combination) =>
        [...group.values, ...(group.custom ? [group.custom.label] : [])].map(
          (value) => new Map([...combination, [lower(group.name), lower(value)]]),
        ),
      ),
    [new Map()],
  );
  const groupName = new Map(current.map((group) => [group.id, lower(group.name)]));
  const valuesOf = (variant: Variant): Combination =>
    new Map(variant.options.map((option) => [groupName.get(option.groupId) ?? '', lower(option.name)]));
  const live = variants.filter((variant) => !isRetired(variant, current.length));
  const taken = new Set<number>();
  const matched = new Set<string>();
  const claim = (variant: Variant, fits: (values: Combination, combination: Combination) => boolean) => {
    if (matched.has(variant.id)) return;
    const values = valuesOf(variant);
    const index = combinations.findIndex((combination, at) => !taken.has(at) && fits(values, combination));
    if (index < 0) return;
    taken.add(index);
    matched.add(variant.id);
  };
  for (const variant of live)
    claim(variant, (values, combination) => values.size === combination.size && [...values].every(([g, v]) => combination.get(g) === v));
  for (const variant of [...live].sort((a, b) => Number(b.enabled) - Number(a.enabled)))
    claim(variant, (values, combination) => [...values].every(([g, v]) => !combination.has(g) || combination.get(g) === v));
  return live.filter((variant) => !matched.has(variant.id));
}
