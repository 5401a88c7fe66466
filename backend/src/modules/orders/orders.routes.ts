import { ENGRAVING_PLACEMENTS, toMajorUnits } from '@keen/rules';
import { z } from 'zod';
import { field, jsonBody } from '../../http-kit/body';
import { named } from '../../http-kit/openapi';
import { LIST_PAGE_QUERY_SCHEMA, param, restList, totalCount } from '../../http-kit/query';
import { restRoute, type RestRoutes } from '../auth';
import type { OrderEngraving } from '../catalog';
import type { User } from '../users';
import type { OrdersService } from './orders.service';
import { amountDue, type Order, OrderState, OrderStatus } from './order.entity';
import type { OrderLine } from './order-line.entity';

/** An order's amount as REST answers it: major units of its currency (129.5). */
const major = (amount: number, currency: string) => toMajorUnits(amount, currency);

/** An engraving as REST answers it: the surcharge per unit in major units. */
const restEngraving = (engraving: OrderEngraving | null) =>
  engraving && {
    text: engraving.text,
    font: engraving.font,
    placement: engraving.placement,
    unitPrice: major(engraving.amount, engraving.currency),
  };

/** One line of an order, as REST answers it. */
const restLine = (l: OrderLine) => ({
  productCode: l.productId,
  name: l.name,
  variantName: l.variantName,
  sku: l.sku,
  img: l.img,
  quantity: l.quantity,
  unitPrice: major(l.unitAmount, l.currency),
  engraving: restEngraving(l.engraving),
  lineTotal: major(l.lineAmount, l.currency),
  discount: major(l.discountAmount, l.currency),
  proofRequired: l.proofRequired,
  proofStatus: l.proofStatus,
});

/**
 * An order as the old client reads it (SPEC §3): `_id` instead of `id`, the first line's product
 * fields flat (its id as `productCode`), the order's `totalPrice`, and every line in `lines`
 * (which must be loaded).
 */
export const restOrder = (o: Order) => ({
  _id: o.id,
  userName: o.userName,
  phone: o.phone,
  address: o.address,
  name: o.name,
  email: o.email,
  description: o.description,
  price: major(o.priceAmount, o.currency),
  totalPrice: major(o.totalAmount, o.currency),
  discountCode: o.discountCode,
  discount: major(o.discountAmount, o.currency),
  giftCards: major(o.giftCardAmount ?? 0, o.currency),
  amountDue: major(amountDue(o), o.currency),
  quantity: o.quantity,
  minimumQuantity: o.minimumQuantity,
  img: o.img,
  status: o.status,
  paid: o.paid,
  state: o.state,
  refunded: major(o.refundedAmount ?? 0, o.currency),
  invoiceNumber: o.invoiceNumber ?? null,
  transactionId: o.transactionId,
  productCode: o.productId,
  engraving: restEngraving(o.engraving),
  ageRestricted: o.ageRestricted,
  giftMessage: o.giftMessage,
  workshopNote: o.workshopNote,
  shipBy: o.shipByEarliest && o.shipByLatest ? { earliest: o.shipByEarliest, latest: o.shipByLatest } : null,
  lines: (o.lines ?? []).map(restLine),
  proofs: restProofs(o.lines ?? []),
});

/** Whether its engraving proofs are needed and all approved (each line's proofStatus says more). */
const restProofs = (lines: readonly OrderLine[]) => {
  const needing = lines.filter((line) => line.proofRequired);
  return { required: needing.length > 0, approved: needing.length > 0 && needing.every((line) => line.proofStatus === 'Approved') };
};

const productCode = z.string().nullable().describe("The product's _id (null once the product is deleted)");

/** An order's or a line's engraving as ordered. */
const orderedEngraving = z.object({
  text: z.string(),
  font: z.string().describe('A font id (GraphQL engravingFonts)'),
  placement: z.enum(ENGRAVING_PLACEMENTS).describe(`Where it goes: ${ENGRAVING_PLACEMENTS.join(', ')}`),
  unitPrice: z.number().describe('Surcharge per unit in major units, included in the totals'),
});

const orderLineAnswer = z.object({
  productCode,
  name: z.string().describe('The product name, as ordered'),
  variantName: z
    .string()
    .nullable()
    .describe('The variant as ordered, "18 cm / Walnut", a measure included ("23.5 cm / Walnut"); null for a product without options'),
  sku: z.string().nullable().describe("The variant's SKU when ordered"),
  img: z.string(),
  quantity: z.int(),
  unitPrice: z.number().describe('Unit price as ordered in major units (129.5), without the engraving surcharge'),
  engraving: orderedEngraving.nullable().describe('The engraving as ordered, or null'),
  lineTotal: z.number().describe('quantity times (unitPrice plus the engraving surcharge), major units'),
  discount: z.number().describe("The line's share of the discount code's reduction, major units: negative, 0 without a code"),
  proofRequired: z.boolean().describe('Engraved, and its product needed a proof when the order was paid'),
  proofStatus: z
    .enum(['Open', 'ChangesRequested', 'Approved'])
    .nullable()
    .describe("Its latest engraving proof's status: Open (waiting for the customer), ChangesRequested or Approved; null before the first"),
});

export const orderAnswer = named(
  'Order',
  z.object({
    _id: z.string().describe('The order id'),
    userName: z.string(),
    phone: z.string(),
    address: z.string(),
    name: z.string().describe("The first line's product name"),
    email: z.string().describe("The customer's e-mail"),
    description: z.string(),
    price: z.number().describe("The first line's unit price, major units"),
    totalPrice: z.number().describe("What the customer pays, in major units of the shop's currency (129.5 is $129.50)"),
    discountCode: z.string().nullable().describe('The discount code the order used (as the shop spells it), or null'),
    discount: z.number().describe('What the discount code took off, major units: negative (lines and delivery), 0 without one'),
    giftCards: z.number().describe('What gift cards paid of totalPrice, major units (a tender: tax is on the goods); 0 without one'),
    amountDue: z.number().describe('What the card payment is for: totalPrice less giftCards (0 when gift cards paid it all)'),
    quantity: z.int(),
    minimumQuantity: z.int(),
    img: z.string(),
    status: z.enum(OrderStatus).describe('Derived from state: Shipped once shipped'),
    paid: z.boolean().describe('Derived from state: true while Paid, AwaitingProof, InProduction, Shipped, Delivered or PartiallyRefunded'),
    state: z
      .enum(OrderState)
      .describe('Where the order is: an unpaid order expires after the hold (UNPAID_ORDER_HOLD_MINUTES) and its units return to stock'),
    refunded: z
      .number()
      .describe('What refunds returned so far, major units: 0 without one, totalPrice once Refunded (state PartiallyRefunded in between)'),
    invoiceNumber: z
      .string()
      .nullable()
      .describe('Its invoice number, given at payment (null before); the PDF is GET /orders/{id}/invoice.pdf'),
    transactionId: z.string().nullable(),
    productCode,
    engraving: orderedEngraving.nullable().describe("The first line's engraving as ordered, or null"),
    ageRestricted: z
      .boolean()
      .describe('A line is an age-restricted product: placed only after an age check (GraphQL verifyAge), shipped marked'),
    giftMessage: z.string().nullable().describe('The gift message, printed on the gift slip without prices; null without one'),
    workshopNote: z
      .string()
      .nullable()
      .describe('The note to the workshop, on the engraving sheet and the order in the dashboard; null without one'),
    shipBy: z
      .object({
        earliest: z.string().describe('The first day it may ship, YYYY-MM-DD'),
        latest: z.string().describe('The last day it is promised to ship by, YYYY-MM-DD'),
      })
      .nullable()
      .describe(
        'The ship window promised when it was placed (working days: weekends and the closed dates skipped); null with nothing to ship',
      ),
    lines: z
      .array(orderLineAnswer)
      .describe('Every line of the order, in the order the customer listed them; the flat product fields above are the first line'),
    proofs: z
      .object({
        required: z.boolean().describe('A line needs an engraving proof (the order waits in AwaitingProof after payment)'),
        approved: z.boolean().describe('Every such line has its latest proof approved (the order is InProduction or later)'),
      })
      .describe("Its engraving proofs' state; each line's proofStatus says more"),
  }),
);

const orderIdQuery = z.object({ id: param.required().describe('The order _id') });

type Services = { orders: OrdersService };
const route = restRoute<Services, User>();

/**
 * SPEC §7 order calls (POST /orders is the checkout module's, PATCH /orders/{id} the payments module's). Prices, totals, status and
 * payment fields in a body are ignored: the service sets them.
 */
export const ordersRoutes: RestRoutes<Services, User> = [
  route({
    method: 'GET',
    path: '/orders',
    tag: 'Orders',
    summary: 'All orders (admin), or the orders of one e-mail (yourself, or anyone for an admin)',
    description: 'Newest first.',
    // A customer lists their own orders; every order is for admins.
    access: { allow: 'signed in', without: { query: 'email', allow: 'admin' } },
    query: z.object({
      email: param.text().describe("A customer's e-mail: only their orders (without it, every order: admins only)"),
      ...LIST_PAGE_QUERY_SCHEMA.shape,
    }),
    answer: z.array(orderAnswer),
    answerHeaders: { 'X-Total-Count': totalCount('Orders that match, over every page') },
    work: async ({ query: { email, ...paging } }, res, { caller, services }) => {
      const orders = await restList(paging, res, (page) =>
        email === undefined
          ? services.orders.listAll(caller, Object.assign({}, page))
          : services.orders.listByEmail(caller, email, Object.assign({}, page)),
      );
      return (await services.orders.withLines(orders)).map(restOrder);
    },
  }),
  route({
    method: 'GET',
    path: '/orders/:id',
    tag: 'Orders',
    summary: 'One order: its customer or an admin',
    access: { allow: 'signed in' },
    params: z.object({ id: z.string().describe('The order _id') }),
    failures: [404],
    answer: orderAnswer,
    work: async ({ params }, _res, { caller, services }) => {
      const [order] = await services.orders.withLines([await services.orders.get(caller, params.id)]);
      return restOrder(order);
    },
  }),
  route({
    method: 'PUT',
    path: '/orders',
    tag: 'Orders',
    summary: 'Ship an order (admin): body status must be Shipped; the order must be paid and pending',
    description:
      'An age-restricted order to a country whose rule asks for an age-verified handover (the United Kingdom) needs ageVerifiedDelivery: true.',
    access: { allow: 'admin' },
    query: orderIdQuery,
    body: jsonBody({
      status: z
        .literal(OrderStatus.Shipped, {
          error: (issue) =>
            typeof issue.input === 'string' || issue.input == null ? "Only status 'Shipped' can be set" : 'status must be text',
        })
        .describe('The only status a client may set'),
      ageVerifiedDelivery: field.boolean().describe('The parcel goes with an age-verified delivery service'),
    }),
    failures: [404],
    answer: z.intersection(orderAnswer, z.object({ message: z.literal('Status is updated') })),
    work: async ({ query, body }, _res, { caller, services }) => {
      const shipped = await services.orders.markShipped(caller, query.id, { ageVerifiedDelivery: body.ageVerifiedDelivery ?? null });
      return { ...restOrder(shipped), message: 'Status is updated' };
    },
  }),
  route({
    method: 'DELETE',
    path: '/orders',
    tag: 'Orders',
    summary:
      'Delete an order: the customer or an admin cancels an unpaid one (409 "This order is being paid" while a payment is under way); an admin refunds a paid, unshipped one. Its units return to stock; the order stays, as Cancelled or Refunded, with its history',
    access: { allow: 'signed in' },
    query: orderIdQuery,
    failures: [404, 409],
    answer: z.object({ deletedCount: z.literal(1) }),
    work: async ({ query }, _res, { caller, services }) => {
      await services.orders.cancelOrRefund(caller, query.id);
      return { deletedCount: 1 };
    },
  }),
];
