import { BoundedMap } from '../../common/bounded-map';

/** Variants remembered at most; the oldest go first. */
const MAX_VARIANTS = 10_000;
/** How long a shortage is believed, in case a change was made where this process cannot see it (straight in the database, or while Redis was away). */
export const SHORTAGE_BELIEVED_MS = 2_000;

/**
 * The stock that orders found too short in their transactions, per variant, as of a count of
 * catalogue changes (ReadCache.changes). Until a change is seen (a restock, a cancelled order,
 * another sale) and for two seconds at most, a buyer wanting more than was left is refused as that
 * order was, without a transaction of their own: in a rush, the buyers who read the stock before it
 * ran out otherwise each wait for a connection and the variant's row lock only to find it gone.
 */
export class KnownShortages {
  private readonly byVariant = new BoundedMap<string, { left: number; changes: number; at: number }>(MAX_VARIANTS);

  constructor(private readonly changes: () => number) {}

  /** An order could not take more than `left` units of the variant. */
  record(variantId: string, left: number): void {
    this.byVariant.set(variantId, { left, changes: this.changes(), at: Date.now() });
  }

  /** The units left of the variant if `units` of it were found too many lately, with no change seen since; else undefined. */
  leftIfShort(variantId: string, units: number): number | undefined {
    const known = this.byVariant.get(variantId);
    if (!known || units <= known.left) return undefined;
    return known.changes === this.changes() && Date.now() - known.at < SHORTAGE_BELIEVED_MS ? known.left : undefined;
  }
}
