import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { checkVatNumber, isReverseCharge, madeToOrderCapReached, orderShipWindow } from '@keen/rules';
import { orderNotesInput } from '@keen/rules/schemas';
import { AppError, badInput, notFound } from '../../common/errors';
import { metrics } from '../../common/metrics';
import type { RateLimits } from '../../common/rate-limits';
import { SharedReads } from '../../common/shared-reads';
import { isId, normalizeEmail, parseInput, requirePhone, requireText } from '../../common/validate';
import { raise } from '../../events/outbox';
import type { ShopSettings } from '../../config';
import { addressInput, formatAddress } from '../addresses';
import { type Caller, requireAdmin, requireUser } from '../auth';
import { ProductKind, TaxCategory, takeProductStock } from '../catalog';
import { checkPayload, type ComplianceService } from '../compliance';
import type { IdempotencyService, RecordResult } from '../idempotency';
import {
  orderPayload,
  actorOf,
  GuestLinks,
  type GuestInput,
  type OrderActor,
  OrderActorKind,
  moveOrder,
  recordPlaced,
  Order,
  OrderState,
  type PlaceOrderInput,
  type QuoteRequest,
  type ShippingOptionsInput,
  type OrderSettings,
} from '../orders';
import type { DiscountsService, RedeemedCode } from '../discounts';
import type { CardPayment, GiftCardsService } from '../gift-cards';
import { recordAdjustments, type OrderPricing, type Reduction, type TaxService } from '../pricing';
import type { DeliveryQuote, Place, QuotedLine, ShippingService, ShippingOption } from '../shipping';
import type { User } from '../users';
import { estimate, workshopNow } from '../workshop';
import { clearanceNote, productLine } from './clearance';
import { destinationOf } from './destination';
import { KnownShortages } from './known-shortages';
import {
  chooseVariant,
  describeVariant,
  MAX_INT,
  normalisedOrder,
  type OfferedVariant,
  offeredVariants,
  type OrderedProduct,
  productsOf,
  type RequestedLine,
  requestedLines,
  shortage,
  queuedUnits,
  unitsByVariant,
} from './lines';
import { type PricedLine, priceLines } from './price-lines';
import { takeMadeToOrderUnits, takeUnits, type TakenVariant, unitsByProduct } from './stock-gate';
import { insertLines, placedNote } from './write-order';

/** Who places an order: a signed-in customer, or a guest (signed out) by the e-mail address and name they give. */
type Buyer =
  | { user: User; guest?: undefined }
  | { user?: undefined; guest: { email: string; name: string; clientAddress: string; ageCheckId: string | null } };

/** How a quote's placing differs from a buyer's: its deadline, its history's note and its price. */
interface QuoteTerms {
  holdEndsAt: Date;
  note: string;
  price: QuoteRequest['price'];
}

/** The buyer of a placeOrder: `guest` only signed out (REST never sends it), and a signed-out caller only with it. */
function buyerOf(caller: Caller<User>, guest: GuestInput | null | undefined, clientAddress: string): Buyer {
  if (guest == null || caller.user || caller.apiKey) {
    const user = requireUser(caller);
    if (guest != null) throw badInput('guest is only for an order placed signed out');
    return { user };
  }
  const email = normalizeEmail(guest.email);
  if (email.length > 254) throw badInput('E-mail must be at most 254 characters');
  const name = requireText(guest.name, 'Name is Required', 120);
  const ageCheckId = guest.ageCheckId == null || guest.ageCheckId === '' ? null : String(guest.ageCheckId);
  return { guest: { email, name, clientAddress, ageCheckId } };
}

/**
 * Whose allowance a placeOrder or a quote spends (placing, gift card look-ups): a signed-in caller's
 * own, a guest's by their client address (an e-mail address costs nothing to make up).
 */
function limitKeyOf(caller: Caller, clientAddress: string): string {
  return caller.user || caller.apiKey ? requireUser(caller).id : `guest:${clientAddress}`;
}

/** A guest's idempotency keys are theirs by e-mail address: a UUID made from it (keys are kept per caller id). */
function guestCallerId(email: string): string {
  const hex = GuestLinks.hash(`guest-caller:${email}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Placing an order, as one list of steps, each in a file of its own:
 * 1. resolve the lines (lines.ts): the products, variants, made-to-measure values and engravings asked for;
 * 2. clear them (clearance.ts, ComplianceService): the destination's rules for bladed articles and the age check;
 * 3. price them (price-lines.ts): each line's rules, price and surcharges, from the database;
 * 3b. check a discount code on the priced lines (DiscountsService.redeem): its reduction goes to the pricing seam;
 * 4. take stock within the limits (stock-gate.ts): conditional updates in the order's transaction, the
 *    customer's unpaid-order limits counted by the order's own INSERT, a rush's known shortages first;
 * 5. quote delivery (ShippingService.quote) on the lines as taken, and their tax through the TaxCalculator
 *    (TaxService.price: the zone's rates, or Stripe Tax), the code's reduction priced with them: a buyer
 *    the stock refuses reads no rates; a calculation that fails refuses the order;
 * 6. write the order, its lines, its adjustments, its history and its events (write-order.ts), and take
 *    a use of the code last (DiscountsService.claim), so its usage limit holds in a race;
 * 7. spend its gift cards (GiftCardsService.redeem, after the discount: a tender, not a reduction), each
 *    paying what it can of the total under its row's lock; an order they pay in full is Paid at once.
 * Gift-card lines take no stock (their units count none), no delivery and no tax.
 * A quote (`quote`, GraphQL shippingOptions) runs steps 1, 2, 3, 3b and 5 on the same code, so a quote
 * and an order never disagree. Where an order ships is decided once, by destination.ts.
 */
export class CheckoutService {
  /** The variants on offer, read once for the buyers who ask for the same products at the same moment. */
  private readonly offers: SharedReads<OfferedVariant[]>;
  /** What the stock refused lately: a rush's later buyers are refused without a transaction. */
  private readonly shortages: KnownShortages;
  /** An order's columns, quoted, from its entity (read once). */
  private orderColumns: string[] | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly settings: OrderSettings,
    private readonly limits: RateLimits,
    private readonly idempotency: IdempotencyService,
    private readonly shipping: ShippingService,
    /** The shop's: what new orders are priced in, and its country (where an address text naming none ships, if it delivers nowhere else). */
    private readonly shop: ShopSettings,
    /** An order's tax, through its TaxCalculator: the zone's rates, or Stripe Tax. */
    private readonly tax: TaxService,
    /** The rules for age-restricted products: where they may go, who may buy them, how they ship. */
    private readonly compliance: ComplianceService,
    /** Discount codes: whether a cart may use one, and its use taken in the order's transaction. */
    private readonly discounts: DiscountsService,
    /** Gift cards: the codes an order names, spent in its transaction. */
    private readonly giftCards: GiftCardsService,
    /** A guest order's link token: answered to the guest who placed it, kept only as its hash. */
    private readonly links: GuestLinks,
    /** Moves when a committed change to the catalogue is seen (ReadCache.changes): reads before it are not shared after. */
    catalogueChanges: () => number,
  ) {
    this.offers = new SharedReads(catalogueChanges);
    this.shortages = new KnownShortages(catalogueChanges);
  }

  private get currency(): string {
    return this.shop.currency;
  }

  /**
   * Takes every line's units from its variant with conditional updates in the same transaction as
   * the order, so concurrent buyers can never oversell; variants are taken in id order and their
   * products' totals after (the lock order of variants.ts), so carts that share variants wait for
   * each other instead of deadlocking. Prices and totals come from the database. All or nothing:
   * a refused line refuses the order and names the line.
   */
  async place(caller: Caller<User>, input: PlaceOrderInput, clientAddress = ''): Promise<Order> {
    const { idempotencyKey: key, guest: guestInput, ...request } = input;
    const buyer = buyerOf(caller, guestInput, clientAddress);
    if (key == null) return this.placeNow(caller, buyer, request);
    const { guest } = buyer;
    // A retry with the key answers the order the first request placed (as it is now), placing nothing.
    return this.idempotency.once(
      {
        callerId: guest ? guestCallerId(guest.email) : buyer.user.id,
        operation: 'placeOrder',
        key,
        request: {
          ...normalisedOrder(request),
          ...(guest ? { guest: { email: guest.email, name: guest.name, ageCheckId: guest.ageCheckId } } : {}),
        },
      },
      (record) => this.placeNow(caller, buyer, request, record),
      async (orderId) => this.withGuestToken(await this.db.getRepository(Order).findOneByOrFail({ id: orderId })),
    );
  }

  /**
   * Places a private quote for its buyer (an admin signed in calls it, through the messages
   * module's quoteFromMessage): the checkout's own steps on one line, without a rate limit or a
   * discount code, its units held until QUOTE_HOLD_DAYS from now instead of the placing hold. Stock
   * is taken as for any order: a variant short of units refuses the quote. The buyer's limits of
   * unpaid orders apply. The price staff set is the pricing module's adjustment, made afterwards.
   */
  async placeQuote(caller: Caller<User>, request: QuoteRequest): Promise<Order> {
    requireAdmin(caller);
    const buyer: Buyer =
      'user' in request.buyer
        ? { user: request.buyer.user }
        : { guest: { ...request.buyer.guest, clientAddress: request.sourceKey, ageCheckId: null } };
    const holdEndsAt = new Date(Date.now() + this.settings.quoteHoldDays * 86_400_000);
    const input: PlaceOrderInput = {
      lines: [{ productId: request.productId, variantId: request.variantId, quantity: request.quantity }],
      shippingAddress: request.shippingAddress,
      phone: request.shippingAddress?.phone ?? '',
    };
    return this.placeNow(caller, buyer, input, undefined, { holdEndsAt, note: request.note, price: request.price });
  }

  /** A guest order as its guest is answered: with its link's token (never stored, so made again). */
  private withGuestToken(order: Order): Order {
    return order.guestEmail ? Object.assign(order, { guestToken: this.links.token(order.id) }) : order;
  }

  /**
   * The delivery methods that serve `address`, each priced for these lines (free over its
   * threshold), with what the cards would pay of each total; [] for a shop that has not set
   * delivery up or a cart of gift cards, and then the order's pricing without delivery. Stock is
   * not taken or checked here, and no card is spent.
   */
  async quote(caller: Caller, input: ShippingOptionsInput, clientAddress = ''): Promise<CheckoutQuote> {
    const { country, region, postalCode } = parseInput(addressInput, input.address);
    const reverseCharge = this.reverseChargeFor(country, this.vatNumberFor(input.vatNumber, country));
    const wanted = requestedLines({ lines: input.lines, phone: '' });
    if (!wanted.every((line) => isId(line.productId))) throw notFound('Product');
    if (!wanted.every((line) => line.variantId === null || isId(line.variantId))) throw notFound('Variant');
    const manager = this.db.manager;
    const offered = await this.offered(wanted);
    const chosen = await Promise.all(wanted.map((line) => chooseVariant(manager, line, offered)));
    await this.compliance.assertDeliverable(country, chosen.map(productLine));
    const products = productsOf(chosen);
    const prices = new Map(chosen.map((variant) => [variant.id, { id: variant.id, sku: '', priceAmount: variant.priceAmount, img: null }]));
    const lines = priceLines(wanted, chosen, prices, products, this.currency);
    const redeemed = await this.redeem(caller, input.discountCode, lines, chosen);
    const reductions = redeemed ? [redeemed.reduction] : [];
    const cards = input.giftCards?.length
      ? await this.giftCards.preview(limitKeyOf(caller, clientAddress), input.giftCards, this.currency)
      : { shares: () => [] };
    const quoted = lines.map((line, index) => quotedLine(line, chosen[index], products));
    // A cart of gift cards needs no delivery.
    const { options, notOffered } = chosen.every((variant) => variant.productKind === ProductKind.GIFT_CARD)
      ? { options: [], notOffered: [] }
      : await this.shipping.options({ country, region: region ?? null, postalCode: postalCode ?? null }, quoted, reductions, reverseCharge);
    if (options.length)
      return {
        options: options.map((option) => ({ option, payments: cards.shares(option.totals.total.amount) })),
        notOffered,
        undelivered: null,
      };
    // Nothing to deliver, or no zones to deliver by: priced as placeOrder prices it then, free and untaxed delivery.
    const { pricing } = await this.tax.price({
      lines: quoted,
      delivery: { shippingAmount: 0, rates: new Map(), taxShipping: null },
      destination: { country, region: region ?? null, postalCode: postalCode ?? null },
      adjustments: reductions,
      reverseCharge,
    });
    return { options: [], notOffered, undelivered: { pricing, payments: cards.shares(pricing.totalAmount) } };
  }

  /** A business buyer's VAT number checked against the delivery country's format (EU and UK), normalised; null without one. */
  private vatNumberFor(raw: string | null | undefined, country: string): string | null {
    if (raw == null || raw.trim() === '') return null;
    const checked = checkVatNumber(raw, country);
    if ('error' in checked) throw badInput(checked.error);
    return checked.vatNumber;
  }

  /** Whether an order is charged no VAT: VAT_REVERSE_CHARGE, a VAT number, and another EU country than the shop's. */
  private reverseChargeFor(country: string, vatNumber: string | null): boolean {
    return isReverseCharge(this.shop.vatReverseCharge, this.shop.country, country, vatNumber);
  }

  /** The discount code a cart names, checked against its priced lines; null without one. */
  private async redeem(
    caller: Caller,
    code: string | null | undefined,
    lines: PricedLine[],
    chosen: OfferedVariant[],
  ): Promise<RedeemedCode | null> {
    if (code == null || code.trim() === '') return null;
    const redeemed = await this.discounts.redeem(
      caller,
      code,
      lines.map((line) => ({ productId: line.productId!, amount: line.lineAmount })),
    );
    // A gift card is bought at its face value: a code never lowers its price (it would mint money).
    const { reduction } = redeemed;
    if (reduction.onDelivery) return redeemed;
    const positions = (reduction.linePositions ?? lines.map((_, index) => index)).filter(
      (index) => chosen[index].productKind !== ProductKind.GIFT_CARD,
    );
    if (!positions.length) throw badInput(`${redeemed.discount.code} is not valid for gift cards`);
    return { ...redeemed, reduction: { ...reduction, linePositions: positions } };
  }

  /**
   * Every variant of the lines' products as an order chooses it. Buyers asking for the same products
   * while a read is in flight share it (a rush's buyers, one round trip): it is never older than the
   * last change to the catalogue this process has seen, and the transaction's conditional updates
   * still decide every sale.
   */
  private offered(lines: RequestedLine[]): Promise<OfferedVariant[]> {
    const productIds = [...new Set(lines.map((line) => line.productId))].sort();
    return this.offers.read(productIds.join(), () => offeredVariants(this.db.manager, productIds));
  }

  /** Places the order; `record` (an idempotency key's) is told its id inside the transaction that writes it. */
  private async placeNow(
    caller: Caller<User>,
    buyer: Buyer,
    input: PlaceOrderInput,
    record?: RecordResult,
    quote?: QuoteTerms,
  ): Promise<Order> {
    const { user, guest } = buyer;
    const limitKey = user ? user.id : limitKeyOf(caller, guest.clientAddress);
    // Staff make a quote: it spends no buyer's allowance.
    if (!quote) await this.limits.consume('placeOrder', limitKey);
    const wanted = requestedLines(input);
    const giftCardCodes = await this.giftCards.codesFor(limitKey, input.giftCards);
    const phone = requirePhone(input.phone);
    const notes = parseInput(orderNotesInput, { giftMessage: input.giftMessage, workshopNote: input.workshopNote });
    const destination = await destinationOf(input, this.shop.country, this.shipping);
    const vatNumber = this.vatNumberFor(input.vatNumber, destination.country);
    const reverseCharge = this.reverseChargeFor(destination.country, vatNumber);
    if (!wanted.every((line) => isId(line.productId))) throw notFound('Product');
    if (!wanted.every((line) => line.variantId === null || isId(line.variantId))) throw notFound('Variant');
    // Once stock is gone, a rush of buyers is answered by a shared read, not a transaction each.
    const offered = await this.offered(wanted);
    const chosen = await Promise.all(wanted.map((line) => chooseVariant(this.db.manager, line, offered)));
    // An age-restricted line needs a destination that takes blades and a current passed age check (REST and GraphQL alike).
    const clearance = user
      ? await this.compliance.clearOrder(user, destination.country, chosen.map(productLine))
      : await this.compliance.clearGuestOrder(guest, guest.ageCheckId, destination.country, chosen.map(productLine));
    const units = unitsByVariant(wanted, chosen);
    for (const [id, count] of units) {
      const variant = chosen.find((candidate) => candidate.id === id)!;
      // A made-to-order variant takes what it lacks from the workshop (its cap is counted in the transaction).
      if (!variant.madeToOrder && variant.quantity < count) throw shortage(wanted, variant);
    }
    const products = productsOf(chosen);
    // Each line's rules (minimum quantity, engraving) and the discount code's refuse it before any lock is taken.
    const asRead = priceLines(wanted, chosen, new Map(chosen.map((variant) => [variant.id, variant])), products, this.currency);
    const redeemed = await this.redeem(caller, input.discountCode, asRead, chosen);

    const order = await this.inTransactionUnlessShort(wanted, chosen, units, async (manager) => {
      // One statement per variant takes its units and reads it; a rule that fails afterwards rolls
      // every take back with the transaction. The first also locks the customer's row, so that their
      // orders are placed one at a time; the limits are counted by the order's own INSERT.
      const taken = new Map<string, TakenVariant>();
      let emailVerified = false;
      // A guest's limits are checked first, under locks of their client address and e-mail address (in that order, always).
      if (guest) await this.withinGuestLimits(manager, guest, units, chosen);
      // Units each variant gave from its stock: all of them, but for a made-to-order variant short of stock.
      const fromStock = new Map<string, number>();
      for (const id of [...units.keys()].sort()) {
        const customerId = taken.size === 0 && user ? user.id : null;
        const ordered = chosen.find((candidate) => candidate.id === id)!;
        if (ordered.madeToOrder) {
          const made = await takeMadeToOrderUnits(manager, id, units.get(id)!, ordered.madeToOrderCap, customerId);
          if (!made) throw badInput(`${describeVariant(ordered)} is not available`);
          if ('capReached' in made) throw badInput(madeToOrderCapReached(describeVariant(ordered), made.capReached));
          if (taken.size === 0) emailVerified = made.emailVerified === true;
          taken.set(id, made);
          fromStock.set(id, made.fromStock);
          continue;
        }
        const row = await takeUnits(manager, id, units.get(id)!, customerId);
        if (!row) {
          // Refused: what is left now (one light read), kept for the buyers behind this one.
          const [left]: Pick<OfferedVariant, 'quantity' | 'enabled'>[] = await manager.query(
            `SELECT "quantity", "enabled" FROM "product_variant" WHERE "id" = $1`,
            [id],
          );
          if (left?.enabled && left.quantity < units.get(id)!) this.shortages.record(id, left.quantity);
          // A one-line order's refusal names no count (SPEC); the read before the transaction found its variant enabled.
          if (wanted.length === 1) throw shortage(wanted, chosen[0]);
          if (!left) throw notFound('Variant');
          const variant = { ...chosen.find((candidate) => candidate.id === id)!, ...left };
          throw left.enabled ? shortage(wanted, variant) : badInput(`${describeVariant(variant)} is not available`);
        }
        if (taken.size === 0) emailVerified = row.emailVerified === true;
        taken.set(id, row);
        fromStock.set(id, units.get(id)!);
      }
      // The queue ahead of this order's made-to-order units, as its transaction sees it.
      const workshop = await workshopNow(manager);
      // Priced as taken and quoted once the units are taken: a buyer the stock refuses reads no delivery rates.
      const { lines, delivery, pricing, calculationId } = await this.priceOrder(
        manager,
        wanted,
        chosen,
        taken,
        products,
        {
          country: destination.country,
          region: destination.shippingAddress?.region ?? null,
          postalCode: destination.shippingAddress?.postalCode ?? null,
        },
        input.shippingMethodId ?? null,
        redeemed ? [redeemed.reduction] : [],
        reverseCharge,
      );
      const queued = queuedUnits(lines, chosen, fromStock);
      const shipBy = orderShipWindow(
        queued.flatMap((units, index) =>
          chosen[index].productKind === ProductKind.GIFT_CARD
            ? []
            : [estimate(workshop, units > 0 ? chosen[index].madeToOrder : null).window],
        ),
      );
      const first = lines[0];
      const firstProduct = products.get(first.productId!)!;
      const row: QueryDeepPartialEntity<Order> = {
        userName: user ? user.name : guest.name,
        email: user ? user.email : guest.email,
        customerId: user ? user.id : null,
        phone,
        // Written out only for an order that is placed: most buyers of a rush are refused before this.
        address: destination.shippingAddress ? formatAddress(destination.shippingAddress) : destination.text,
        shippingAddress: destination.shippingAddress,
        shippingMethodId: delivery.methodId,
        shippingMethodName: delivery.methodName,
        productId: first.productId,
        name: first.name,
        description: firstProduct.description,
        img: first.img,
        priceAmount: first.unitAmount,
        minimumQuantity: firstProduct.minimumQuantity,
        quantity: first.quantity,
        currency: this.currency,
        subtotalAmount: pricing.subtotalAmount,
        adjustmentAmount: pricing.adjustmentAmount,
        discountAmount: pricing.discountAmount,
        discountCode: redeemed?.discount.code ?? null,
        shippingAmount: pricing.shippingAmount,
        taxAmount: pricing.taxAmount,
        taxCalculationId: calculationId,
        vatNumber,
        vatReverseCharge: reverseCharge,
        totalAmount: pricing.totalAmount,
        engravingText: first.engravingText,
        engravingFont: first.engravingFont,
        engravingUnitAmount: first.engravingUnitAmount,
        engravingPlacement: first.engravingPlacement,
        transactionId: null,
        destinationCountry: destination.country,
        ageRestricted: clearance !== null,
        minimumAge: clearance?.minimumAge ?? null,
        deliveryHandover: clearance?.handover ?? null,
        ageCheckId: clearance?.check.id ?? null,
        holdEndsAt: quote?.holdEndsAt ?? null,
        shipByEarliest: shipBy?.earliest ?? null,
        shipByLatest: shipBy?.latest ?? null,
        ...notes,
      };
      const placed = user
        ? await this.insertWithinLimits(manager, user, emailVerified, units, chosen, row)
        : await this.insertGuestOrder(manager, guest, row);
      let order = await this.payWithGiftCards(manager, placed, giftCardCodes);
      const actor: OrderActor = user || quote ? actorOf(caller) : { kind: OrderActorKind.guest, orderId: order.id, email: guest.email };
      order.lines = await insertLines(
        manager,
        lines.map((line, index) => ({ ...line, queuedQuantity: queued[index] })),
        order.id,
      );
      await recordAdjustments(manager, order.id, pricing.adjustments);
      const placedLine = placedNote(clearance && clearanceNote(clearance), notes);
      await recordPlaced(manager, order, actor, quote ? [quote.note, placedLine].filter(Boolean).join('. ') : placedLine);
      if (quote) order = await quote.price(manager, order);
      const hold = guest ? this.settings.unpaidGuestHoldMinutes : this.settings.unpaidHoldMinutes;
      const holdEndsAt = quote?.holdEndsAt ?? new Date(order.createdAt.getTime() + hold * 60_000);
      await raise(
        manager,
        'order.placed',
        order.id,
        orderPayload(order, { holdEndsAt, ageCheck: clearance && checkPayload(clearance.check) }),
      );
      await record?.(manager, order.id);
      // Late, so that the code's row stays locked only for these statements and the COMMIT.
      if (redeemed) await this.discounts.claim(manager, redeemed.discount, order.id, user!.id);
      // Last, so that the product rows stay locked only for these statements and the COMMIT.
      await takeProductStock(manager, unitsByProduct(fromStock, chosen));
      // Nothing left for a card to pay: the order is paid now, by the state machine's move.
      if (order.giftCardAmount > 0 && order.giftCardAmount === order.totalAmount)
        return moveOrder(manager, order.id, OrderState.Paid, actor, {
          note: 'Paid in full by gift card',
          invoicePrefix: this.settings.invoicePrefix,
        });
      return order;
    });
    metrics.ordersPlaced.inc();
    return this.withGuestToken(order);
  }

  /**
   * A guest may hold only so many unpaid orders per e-mail address and per client address, and only
   * so many units of a variant per e-mail address; over a limit, a 429 whose Retry-After is when the
   * oldest of those orders' holds ends. Counted under transaction locks of both addresses, so guests
   * placing at once are counted one after another.
   */
  private async withinGuestLimits(
    manager: EntityManager,
    guest: NonNullable<Buyer['guest']>,
    units: Map<string, number>,
    chosen: OfferedVariant[],
  ): Promise<void> {
    const { maxUnpaidGuestOrdersPerEmail, maxUnpaidGuestOrdersPerAddress, maxHeldUnitsPerVariant, unpaidGuestHoldMinutes } = this.settings;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0)), pg_advisory_xact_lock(hashtextextended($2, 0))`, [
      `guest-address:${guest.clientAddress}`,
      `guest-email:${guest.email}`,
    ]);
    const [counts]: {
      byEmail: number;
      byAddress: number;
      emailEnds: number | null;
      addressEnds: number | null;
      held: Record<string, number> | null;
    }[] = await manager.query(
      `WITH unpaid AS (
           SELECT "id", "guestEmail" = $1 AS "sameEmail", "guestClientAddress" = $2 AS "sameAddress",
                  extract(epoch FROM "createdAt" + make_interval(secs => $4::float8) - now()) AS "endsIn"
             FROM "order" WHERE "state" = $3 AND "customerId" IS NULL AND ("guestEmail" = $1 OR "guestClientAddress" = $2))
         SELECT (SELECT count(*) FROM unpaid WHERE "sameEmail")::int AS "byEmail",
                (SELECT count(*) FROM unpaid WHERE "sameAddress")::int AS "byAddress",
                (SELECT ceil(min("endsIn")) FROM unpaid WHERE "sameEmail")::int AS "emailEnds",
                (SELECT ceil(min("endsIn")) FROM unpaid WHERE "sameAddress")::int AS "addressEnds",
                (SELECT json_object_agg(h."variantId", h.units) FROM (
                   SELECT l."variantId", sum(l."quantity")::int AS units FROM "order_line" l
                    WHERE l."orderId" IN (SELECT "id" FROM unpaid WHERE "sameEmail") GROUP BY l."variantId") h) AS "held"`,
      [guest.email, guest.clientAddress, OrderState.AwaitingPayment, unpaidGuestHoldMinutes * 60],
    );
    const wait = (endsIn: number | null) => Math.max(1, endsIn ?? 1);
    if (counts.byEmail >= maxUnpaidGuestOrdersPerEmail)
      throw guestLimit(wait(counts.emailEnds), maxUnpaidGuestOrdersPerEmail, 'this e-mail address');
    if (counts.byAddress >= maxUnpaidGuestOrdersPerAddress)
      throw guestLimit(wait(counts.addressEnds), maxUnpaidGuestOrdersPerAddress, 'your connection');
    for (const [variantId, quantity] of units) {
      const already = counts.held?.[variantId] ?? 0;
      if (already + quantity <= maxHeldUnitsPerVariant) continue;
      const name = describeVariant(chosen.find((variant) => variant.id === variantId)!);
      throw badInput(
        already > 0
          ? `You already hold ${already} unpaid units of ${name}; pay for or cancel an order first`
          : `An order may hold at most ${maxHeldUnitsPerVariant} units of ${name} until it is paid`,
      );
    }
  }

  /** A guest order's row, with its id made here so that its link's token (kept only hashed) is known as it is written. */
  private async insertGuestOrder(
    manager: EntityManager,
    guest: NonNullable<Buyer['guest']>,
    values: QueryDeepPartialEntity<Order>,
  ): Promise<Order> {
    const id = randomUUID();
    const row = {
      ...values,
      id,
      guestEmail: guest.email,
      guestTokenHash: GuestLinks.hash(this.links.token(id)),
      guestClientAddress: guest.clientAddress.slice(0, 64),
    };
    const columns = Object.keys(row);
    this.orderColumns ??= this.db.getMetadata(Order).columns.map((column) => `"${column.databaseName}"`);
    const [written]: Partial<Order>[] = await manager.query(
      `INSERT INTO "order" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')})
       RETURNING ${this.orderColumns.join(', ')}`,
      Object.values(row),
    );
    return Object.assign(new Order(), written);
  }

  /**
   * Runs an order's `work` in a transaction, unless a take since the catalogue last changed found one
   * of its variants short of as many units: checked before waiting for a connection and again once
   * one is free, since in a rush buyers wait for one while the stock runs out.
   */
  private async inTransactionUnlessShort<T>(
    wanted: RequestedLine[],
    chosen: OfferedVariant[],
    units: Map<string, number>,
    work: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    this.refuseKnownShortage(wanted, chosen, units);
    const runner = this.db.createQueryRunner();
    try {
      await runner.connect();
      this.refuseKnownShortage(wanted, chosen, units);
      return await runner.manager.transaction(work);
    } finally {
      await runner.release();
    }
  }

  /** Refuses as an order since the last change was refused: a one-line order as short, a cart naming what was left. */
  private refuseKnownShortage(wanted: RequestedLine[], chosen: OfferedVariant[], units: Map<string, number>): void {
    for (const [id, count] of units) {
      const left = this.shortages.leftIfShort(id, count);
      if (left !== undefined) throw shortage(wanted, { ...chosen.find((variant) => variant.id === id)!, quantity: left });
    }
  }

  /**
   * The order's lines priced from `variants` (as read or as taken), delivery quoted for them, and
   * the whole priced with its tax by the pricing module.
   */
  private async priceOrder(
    manager: EntityManager,
    wanted: RequestedLine[],
    chosen: OfferedVariant[],
    variants: Map<string, TakenVariant>,
    products: Map<string, OrderedProduct>,
    place: Place,
    methodId: string | null,
    reductions: Reduction[],
    reverseCharge: boolean,
  ): Promise<{ lines: PricedLine[]; delivery: DeliveryQuote; pricing: OrderPricing; calculationId: string | null }> {
    const lines = priceLines(wanted, chosen, variants, products, this.currency);
    const quoted = lines.map((line, index) => quotedLine(line, chosen[index], products));
    // Delivery is for the goods: its free-over threshold counts them alone, and a cart of gift cards needs none.
    const goods = lines.filter((_, index) => chosen[index].productKind !== ProductKind.GIFT_CARD);
    const subtotal = goods.reduce((sum, line) => sum + line.lineAmount, 0);
    const grams = quoted.reduce((sum, line) => sum + line.grams, 0);
    const delivery: DeliveryQuote = goods.length
      ? await this.shipping.quote(manager, place, methodId, subtotal, grams)
      : { methodId: null, methodName: null, shippingAmount: 0, rates: new Map(), taxShipping: null };
    // Through the TaxCalculator: Stripe Tax's refusal refuses the order, and its transaction rolls every take back.
    const { pricing, calculationId } = await this.tax.price({
      lines: quoted,
      delivery,
      destination: { country: place.country, region: place.region, postalCode: place.postalCode ?? null },
      adjustments: reductions,
      reverseCharge,
    });
    lines.forEach((line, index) => Object.assign(line, pricing.lines[index]));
    if (pricing.totalAmount > MAX_INT) throw badInput('The order total is too large; please order fewer units');
    return { lines, delivery, pricing, calculationId };
  }

  /**
   * Spends the order's gift cards on its total (after the discount, tax included) and records what
   * they paid on the order; the card payment is for the rest.
   */
  private async payWithGiftCards(manager: EntityManager, order: Order, codes: string[]): Promise<Order> {
    if (!codes.length) return order;
    const payments = await this.giftCards.redeem(manager, codes, order, order.totalAmount);
    const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
    if (paid) await manager.query(`UPDATE "order" SET "giftCardAmount" = $2 WHERE "id" = $1`, [order.id, paid]);
    return Object.assign(order, { giftCardAmount: paid });
  }

  /**
   * The order's row, written only while the customer stays within the limits: their unpaid orders
   * (fewer for an account whose e-mail is not verified) and the units of each variant they hold over
   * every line of those orders, this order's included. Counted in the INSERT itself, a statement
   * after the customer's lock (`takeUnits`), so its snapshot sees every order placed before.
   */
  private async insertWithinLimits(
    manager: EntityManager,
    user: User,
    emailVerified: boolean,
    units: Map<string, number>,
    chosen: OfferedVariant[],
    row: QueryDeepPartialEntity<Order>,
  ): Promise<Order> {
    const { maxUnpaidOrders, maxUnpaidOrdersUnverified, maxHeldUnitsPerVariant } = this.settings;
    const columns = Object.keys(row);
    const values = Object.values(row);
    const at = values.length;
    this.orderColumns ??= this.db.getMetadata(Order).columns.map((column) => `"${column.databaseName}"`);
    // The holdings are read from the customer's unpaid orders (a few rows by their index), not from every line of a variant.
    const [written]: Partial<Order>[] = await manager.query(
      `WITH held AS MATERIALIZED (
         SELECT l."variantId", l."quantity" FROM "order" o JOIN "order_line" l ON l."orderId" = o."id"
          WHERE o."customerId" = $${at + 1} AND o."state" = $${at + 2})
       INSERT INTO "order" (${columns.map((column) => `"${column}"`).join(', ')})
       SELECT ${columns.map((_, index) => `$${index + 1}`).join(', ')}
        WHERE (SELECT count(*) FROM "order" WHERE "customerId" = $${at + 1} AND "state" = $${at + 2}) < $${at + 3}
          AND NOT EXISTS (
                SELECT 1 FROM unnest($${at + 4}::uuid[], $${at + 5}::int[]) AS wanted("variantId", units)
                 WHERE wanted.units + (SELECT coalesce(sum(held."quantity"), 0) FROM held WHERE held."variantId" = wanted."variantId") > $${at + 6})
       RETURNING ${this.orderColumns.join(', ')}`,
      [
        ...values,
        user.id,
        OrderState.AwaitingPayment,
        emailVerified ? maxUnpaidOrders : Math.min(maxUnpaidOrders, maxUnpaidOrdersUnverified),
        [...units.keys()],
        [...units.values()],
        maxHeldUnitsPerVariant,
      ],
    );
    if (!written) throw await this.overLimits(manager, user, emailVerified, units, chosen);
    return Object.assign(new Order(), written);
  }

  /** Which limit an order refused by `insertWithinLimits` is over, in the customer's words. */
  private async overLimits(
    manager: EntityManager,
    user: User,
    emailVerified: boolean,
    units: Map<string, number>,
    chosen: OfferedVariant[],
  ): Promise<AppError> {
    const [{ orders, held }]: { orders: number; held: Record<string, number> | null }[] = await manager.query(
      `SELECT (SELECT count(*) FROM "order" WHERE "customerId" = $1 AND "state" = $2)::int AS orders,
              (SELECT json_object_agg(h."variantId", h.units) FROM (
                 SELECT l."variantId", sum(l."quantity")::int AS units
                   FROM "order_line" l JOIN "order" o ON o."id" = l."orderId"
                  WHERE o."customerId" = $1 AND o."state" = $2 AND l."variantId" = ANY($3::uuid[])
                  GROUP BY l."variantId") h) AS held`,
      [user.id, OrderState.AwaitingPayment, [...units.keys()]],
    );
    const unverifiedLimit = this.settings.maxUnpaidOrdersUnverified;
    if (!emailVerified && orders >= unverifiedLimit) {
      return badInput(
        unverifiedLimit === 1
          ? 'Verify your e-mail address to hold more than one unpaid order; pay for or cancel your order first'
          : `Verify your e-mail address to hold more than ${unverifiedLimit} unpaid orders; pay for or cancel one first`,
      );
    }
    if (orders >= this.settings.maxUnpaidOrders) {
      return badInput(`You already have ${orders} unpaid orders: pay for or cancel one before placing another`);
    }
    const limit = this.settings.maxHeldUnitsPerVariant;
    for (const [variantId, quantity] of units) {
      const already = held?.[variantId] ?? 0;
      if (already + quantity <= limit) continue;
      const name = describeVariant(chosen.find((variant) => variant.id === variantId)!);
      return badInput(
        already > 0
          ? `You already hold ${already} unpaid units of ${name}; pay for or cancel an order first`
          : `An order may hold at most ${limit} units of ${name} until it is paid`,
      );
    }
    return new AppError('CONFLICT', 'Your unpaid orders changed while this one was placed; please try again');
  }
}

/** A guest over one of their limits of unpaid orders: a 429 with Retry-After, in their words. */
function guestLimit(retryAfter: number, limit: number, whose: string): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    'RATE_LIMITED',
    `${limit === 1 ? 'An unpaid order' : `${limit} unpaid orders`} from ${whose} already hold${limit === 1 ? 's' : ''} stock: pay for one, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    retryAfter,
  );
}

/** A quote: each delivery method with what the cards would pay of its total, or the order without delivery when there is none to choose. */
export interface CheckoutQuote {
  options: { option: ShippingOption; payments: CardPayment[] }[];
  /** Why the zone's other methods are not offered ("Too heavy for Standard: at most 2 kg"). */
  notOffered: string[];
  /** Set when no method is offered (no zones, or gift cards alone): the order's pricing and the cards' shares of it. */
  undelivered: { pricing: OrderPricing; payments: CardPayment[] } | null;
}

/**
 * A line as delivery and tax see it: a gift card is not taxed when bought (tax is on the goods it
 * later pays for) and weighs nothing (it is mailed).
 */
function quotedLine(line: PricedLine, variant: OfferedVariant, products: Map<string, OrderedProduct>): QuotedLine {
  const giftCard = variant.productKind === ProductKind.GIFT_CARD;
  return {
    amount: line.lineAmount,
    taxCategory: giftCard ? TaxCategory.zero : products.get(line.productId!)!.taxCategory,
    grams: giftCard ? 0 : variant.weightGrams * line.quantity,
  };
}
