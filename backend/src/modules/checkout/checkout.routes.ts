import { addressInput } from '@keen/rules/address';
import { z } from 'zod';
import { JsonBody } from '../../http-kit/body';
import type { ShippingAddressInput } from '../addresses/address.inputs';
import type { RestRoutes } from '../auth/request-context';
import { ENGRAVING_FONTS, type Engraving } from '../catalog/engraving';
import type { PlaceOrderInput } from '../orders/order.inputs';
import { orderAnswer, restOrder } from '../orders/orders.routes';
import type { OrdersService } from '../orders/orders.service';
import type { User } from '../users/user.entity';
import type { CheckoutService } from './checkout.service';

/** The purchase form's fields; any other field (price, totalPrice, status, paid, transactionId, email, userName) is ignored. */
const placeOrderBody = z.looseObject({
  productCode: z.string().optional().describe("The product's _id (or send productId)"),
  productId: z.string().optional().describe("The product's _id (or send productCode)"),
  variantId: z.string().optional().describe('The variant _id (GET /products: variants); required when the product has more than one'),
  quantity: z.int().min(1).describe('Units to order (also accepted as text: "2")'),
  phone: z.string(),
  address: z
    .string()
    .optional()
    .describe(
      'The delivery address as one text, ending in its country\'s English name or ISO code ("1 George Street, Sydney NSW 2000, Australia"); ' +
        'the country may be left out only while the shop delivers to its own country alone. Required unless shippingAddress is sent',
    ),
  shippingAddress: addressInput
    .optional()
    .describe(
      "Where the order ships, checked per country (as GraphQL's ShippingAddressInput); its country decides the blade rules, tax and delivery",
    ),
  shippingMethodId: z
    .string()
    .optional()
    .describe('A delivery method serving the destination (GraphQL shippingOptions); without one, the cheapest serving it'),
  engraving: z
    .object({
      text: z
        .string()
        .describe(
          "Up to the product's engravingMaxLength characters: letters (accented too), digits, space and . , ' & - !, with no leading or trailing space; empty means no engraving",
        ),
      font: z.enum(ENGRAVING_FONTS.map((font) => font.id)),
    })
    .nullable()
    .optional()
    .describe('Text to engrave on every unit (engravable products only), or none'),
});

/** The purchase form's body; the old client named the product `productCode`. */
function placeOrderInput(raw: unknown): PlaceOrderInput {
  const body = JsonBody.of(raw);
  return {
    productId: body.optionalText('productId') ?? body.text('productCode'),
    variantId: body.optionalText('variantId'),
    quantity: body.wholeNumber('quantity'),
    phone: body.text('phone'),
    address: body.optionalText('address'),
    shippingAddress: shippingAddressInput(body),
    shippingMethodId: body.optionalText('shippingMethodId'),
    engraving: engravingInput(body),
  };
}

/** The structured address, field by field; the service checks it against the country's rules. */
function shippingAddressInput(body: JsonBody): ShippingAddressInput | undefined {
  const address = body.object('shippingAddress', 'an object with name, line1, city, postalCode, country and phone');
  if (!address) return undefined;
  return {
    name: address.text('name'),
    line1: address.text('line1'),
    line2: address.optionalText('line2'),
    city: address.text('city'),
    region: address.optionalText('region'),
    postalCode: address.text('postalCode'),
    country: address.text('country'),
    phone: address.text('phone'),
  };
}

/** An engraving with absent or empty text is no engraving (checkEngraving's rule). */
function engravingInput(body: JsonBody): Engraving | null {
  const engraving = body.object('engraving', 'an object with text and font');
  return engraving ? { text: engraving.text('text'), font: engraving.text('font') } : null;
}

/** SPEC §7's POST /orders: the purchase form's order, placed by the checkout's steps. */
export const checkoutRoutes: RestRoutes<{ checkout: CheckoutService; orders: OrdersService }, User> = [
  {
    method: 'POST',
    path: '/orders',
    tag: 'Orders',
    summary:
      'Place an order; price, totalPrice, status, paid, transactionId, email and userName in the body are ignored. ' +
      "An optional engraving (engravable products only) adds the product's engravingPrice to each unit",
    description:
      "The order starts Pending and unpaid (AwaitingPayment). Send the product's _id as productCode or productId. " +
      "An age-restricted product needs the customer's current passed age check (GraphQL verifyAge): without one, 403 'Confirm your age to buy {product}'; " +
      "within 24 hours of a failed one, 403 'We couldn't confirm your age'. " +
      'The destination (shippingAddress, or the country the address text ends with) decides the blade rules, tax and delivery: ' +
      'a destination whose rule refuses blades is a 400, and so is an address text naming no country in a shop that delivers abroad.',
    access: { allow: 'signed in' },
    headers: z.object({
      'Idempotency-Key': z
        .string()
        .optional()
        .describe(
          'One key per checkout attempt (1 to 255 printable characters): the same key and body within 24 hours answer the first order, ' +
            'with the same status, instead of placing another; the same key with another body is a 409',
        ),
    }),
    body: placeOrderBody,
    failures: [403, 404, 409, 429],
    answer: z.intersection(orderAnswer, z.object({ insertedId: z.string().describe('The order _id'), message: z.literal('Order Placed') })),
    work: async (req, _res, { caller, services }) => {
      const key = req.headers['idempotency-key'];
      const order = await services.checkout.place(caller, {
        ...placeOrderInput(req.body),
        idempotencyKey: key === undefined ? null : String(key),
      });
      await services.orders.withLines([order]);
      return { ...restOrder(order), insertedId: order.id, message: 'Order Placed' };
    },
  },
];
