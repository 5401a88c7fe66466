import { useSyncExternalStore } from 'react';
import { type EngravingPlacementId, toMinorUnits } from '@keen/rules';

/** One line of the cart: what the customer chose, and the product as they last saw it. */
export interface CartLine {
  productId: string;
  /** The variant chosen among several. Absent for a product without options (and on lines stored before variants): the server takes the product's only variant. */
  variantId?: string;
  /** How the line names its variant, its measure included ("23.5 cm / Walnut"); "" or absent without options. */
  variantName?: string;
  /** The measure asked for, for a made-to-measure variant. */
  customValue?: number | null;
  quantity: number;
  /** Text and font to engrave on every unit, and where (absent on lines stored before placements: the product's only one); null for none. */
  engraving: { text: string; font: string; placement?: EngravingPlacementId } | null;
  /**
   * As shown when the line was added or the cart last read the product (prices change on the server
   * only); the variant's price, stock and photo. Amounts in minor units of `currency`.
   */
  seen: {
    name: string;
    img: string;
    unitAmount: number;
    engravingAmount: number;
    currency: string;
    minimumQuantity: number;
    stock: number;
  };
}

/** A line as the version before minor units stored it: its prices in whole dollars, the only currency it wrote. */
type WholeDollarsLine = Omit<CartLine, 'seen'> & {
  seen: Omit<CartLine['seen'], 'unitAmount' | 'engravingAmount' | 'currency'> & { price: number; engravingPrice: number };
};
const WHOLE_DOLLARS_CURRENCY = 'USD';

/**
 * A stored line in today's shape: one kept in whole dollars is converted once, on reading (the cart
 * then compares it with the shop's prices as any line, and says so when they differ).
 */
function upgraded(line: CartLine | WholeDollarsLine): CartLine {
  if ('currency' in line.seen) return line as CartLine;
  const { price, engravingPrice, ...seen } = line.seen;
  return {
    ...line,
    seen: {
      ...seen,
      unitAmount: toMinorUnits(Number(price) || 0, WHOLE_DOLLARS_CURRENCY),
      engravingAmount: toMinorUnits(Number(engravingPrice) || 0, WHOLE_DOLLARS_CURRENCY),
      currency: WHOLE_DOLLARS_CURRENCY,
    },
  };
}

/**
 * The cart lives in this browser: localStorage (so it survives a reload and a sign-in, and every
 * tab shares it through the storage event), read through a tiny typed store with no Apollo Client
 * or MUI in it, so the navbar's cart link costs the first load nearly nothing.
 */
const KEY = 'keen.cart';
export const MAX_CART_LINES = 20;

const listeners = new Set<() => void>();
let lines: CartLine[] = read();

function read(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed as (CartLine | WholeDollarsLine)[])
          .filter((line) => line && typeof line.productId === 'string' && line.quantity > 0 && typeof line.seen === 'object' && line.seen)
          .map(upgraded)
      : [];
  } catch {
    return [];
  }
}

function write(next: CartLine[]): void {
  lines = next;
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage keeps the cart for this tab only.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY && event.key !== null) return;
    lines = read();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type LineKey = Pick<CartLine, 'productId' | 'variantId' | 'customValue' | 'engraving'>;

/** One line per product, variant, measure and engraving (as the server keeps order lines apart). */
export const sameLine = (a: LineKey, b: LineKey) =>
  a.productId === b.productId &&
  (a.variantId ?? '') === (b.variantId ?? '') &&
  (a.customValue ?? null) === (b.customValue ?? null) &&
  (a.engraving?.text ?? '') === (b.engraving?.text ?? '') &&
  (a.engraving?.font ?? '') === (b.engraving?.font ?? '') &&
  (a.engraving?.placement ?? '') === (b.engraving?.placement ?? '');

export const cart = {
  lines: () => lines,
  /** Adds the line, or adds its quantity to the line with the same product, variant, measure and engraving. False when the cart is full. */
  add(line: CartLine): boolean {
    const existing = lines.find((l) => sameLine(l, line));
    if (existing) {
      write(lines.map((l) => (l === existing ? { ...line, quantity: l.quantity + line.quantity } : l)));
      return true;
    }
    if (lines.length >= MAX_CART_LINES) return false;
    write([...lines, line]);
    return true;
  },
  setQuantity(index: number, quantity: number): void {
    write(lines.map((l, i) => (i === index ? { ...l, quantity } : l)));
  },
  /** What the shop says now about a line's product. */
  refresh(index: number, seen: CartLine['seen']): void {
    write(lines.map((l, i) => (i === index ? { ...l, seen } : l)));
  },
  remove(index: number): void {
    write(lines.filter((_, i) => i !== index));
  },
  /** Removes every line of these products; answers them with their places, for an Undo. */
  removeProducts(productIds: readonly string[]): { index: number; line: CartLine }[] {
    const removed = lines.flatMap((line, index) => (productIds.includes(line.productId) ? [{ index, line }] : []));
    if (removed.length) write(lines.filter((line) => !productIds.includes(line.productId)));
    return removed;
  },
  /** Puts a removed line back where it was (the removal's Undo); lines removed together go back in their order, first place first. */
  restore(index: number, line: CartLine): void {
    write([...lines.slice(0, index), line, ...lines.slice(index)]);
  },
  clear(): void {
    write([]);
  },
};

/** The cart's lines, re-rendering on every change in this tab or another. */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, cart.lines, cart.lines);
}

export const unitsIn = (cartLines: CartLine[]) => cartLines.reduce((sum, line) => sum + line.quantity, 0);
/** What the line costs as the cart shows it, in minor units of `seen.currency`. */
export const lineTotal = (line: CartLine) => line.quantity * (line.seen.unitAmount + (line.engraving ? line.seen.engravingAmount : 0));

/** The lines' sum in minor units and its currency (the shop's: a line in another one is a price change to accept first). */
export function cartTotal(cartLines: CartLine[]): { amount: number; currency: string } {
  return { amount: cartLines.reduce((sum, line) => sum + lineTotal(line), 0), currency: cartLines[0]?.seen.currency ?? '' };
}

/** A React key for a line: what tells it apart from the others. */
export const lineKey = (line: LineKey) =>
  [
    line.productId,
    line.variantId ?? '',
    line.customValue ?? '',
    line.engraving?.text ?? '',
    line.engraving?.font ?? '',
    line.engraving?.placement ?? '',
  ].join(':');

interface SeenProduct {
  name: string;
  img: string;
  priceFrom: { amount: number; currency: string };
  engravingSurcharge?: { amount: number };
  minimumQuantity: number;
  quantity: number;
}

/** A chosen variant as a line keeps it: its photo, unit price in minor units (its measure's surcharge included) and stock. */
interface SeenVariant {
  img: string;
  unitAmount: number;
  quantity: number;
}

/**
 * A line's `seen` from the product as the page shows it (a product without an engraving price has
 * none to add); a chosen variant's photo, unit price and stock stand in for the product's.
 */
export const seenOf = (product: SeenProduct, variant?: SeenVariant | null): CartLine['seen'] => ({
  name: product.name,
  img: (variant ?? product).img,
  unitAmount: variant ? variant.unitAmount : product.priceFrom.amount,
  engravingAmount: product.engravingSurcharge?.amount ?? 0,
  currency: product.priceFrom.currency,
  minimumQuantity: product.minimumQuantity,
  stock: (variant ?? product).quantity,
});
