import { ENGRAVING_PLACEMENTS, MAX_WHOLE_NUMBER } from '@keen/rules';
import { orderNotesInput } from '@keen/rules/schemas';
import { z } from 'zod';
import { field, jsonBody } from '../../http-kit/body';
import type { ShippingAddressInput } from '../addresses';
import { restRoute, type RestRoutes } from '../auth';
import { ENGRAVING_FONTS, type EngravingPlacement } from '../catalog';
import { type PlaceOrderInput, orderAnswer, restOrder, type OrdersService } from '../orders';
import type { User } from '../users';
import type { CheckoutService } from './checkout.service';

/**
 * The purchase form's fields, as the router reads them (a wrong JSON type is a 400 naming the
 * field); any other field (price, totalPrice, status, paid, transactionId, email, userName) is
 * ignored. What is missing the service refuses in its own words.
 */
const placeOrderBody = jsonBody({
  productId: field.text().describe("The product's _id (or send productCode)"),
  productCode: field.text().describe("The product's _id (or send productId)"),
  variantId: field.text().describe('The variant _id (GET /products: variants); required when the product has more than one'),
  quantity: field
    .wholeNumber({ min: 1, max: MAX_WHOLE_NUMBER })
    .describe('Units to order, at least 1; required (also accepted as text: "2")'),
  phone: field.text().describe('Required'),
  address: field
    .text()
    .describe(
      'The delivery address as one text, ending in its country\'s English name or ISO code ("1 George Street, Sydney NSW 2000, Australia"); ' +
        'the country may be left out only while the shop delivers to its own country alone. Required unless shippingAddress is sent',
    ),
  shippingAddress: field
    .object(
      {
        name: field.text().describe("The recipient's name"),
        line1: field.text().describe('Street and number'),
        line2: field.text().describe('Flat, suite, building (optional)'),
        city: field.text().describe("City or town, where the country's addresses have one"),
        region: field
          .text()
          .describe('Where the country lists regions (US states, Japanese prefectures), one of them by key or name; free text elsewhere'),
        postalCode: field.text().describe("Postcode in the country's pattern, where it has one (not required in Ireland or Hong Kong)"),
        country: field.text().describe('ISO 3166-1 alpha-2 code'),
        phone: field.text().describe('National for the delivery country, or any with + and its country code; stored in E.164'),
      },
      "an object with name, line1, city, region, postalCode, country and phone (the fields the country's addresses require)",
    )
    .describe(
      "Where the order ships, checked by its country's rules from Google's address metadata (as GraphQL's ShippingAddressInput, `addressInputFor` of @keen/rules/address): its required fields, postcode pattern and regions; its country decides the blade rules, tax and delivery",
    ),
  shippingMethodId: field
    .text()
    .describe('A delivery method serving the destination (GraphQL shippingOptions); without one, the cheapest serving it'),
  discountCode: field
    .text()
    .describe(
      "A discount code (any case): the order's totals, lines and discount answer the reduction. Refused with a 400 naming it: " +
        '"EARLYBIRD has expired", "EARLYBIRD is not valid for these knives", "EARLYBIRD has been used up", "Spend $150.00 to use EARLYBIRD", ' +
        '"You have already used EARLYBIRD", "There is no code EARLYBIRD"; checked at most RATE_LIMIT_DISCOUNT_CODES times a minute per customer (then 429)',
    ),
  giftCards: field
    .textList()
    .describe(
      'Gift card codes (at most 5; any case, dashes or spaces between groups allowed), used after the discount in the order given: each pays what it can of the total ' +
        '(totals.giftCards; the card payment, POST /create-payment-intent, is for the rest, amountDue), and an order they pay in full is Paid at once. ' +
        'Refused with a 400 naming the last four characters: "There is no gift card •••• ABCD" (unknown or disabled), "Gift card •••• ABCD has expired", ' +
        '"Gift card •••• ABCD has nothing left on it"; at most RATE_LIMIT_GIFT_CARD_CODES codes a minute per customer (then 429)',
    ),
  engraving: field
    .object(
      {
        text: field
          .text()
          .describe(
            "Up to the product's engravingMaxLength characters: letters (accented too), digits, space and . , ' & - !, with no leading or trailing space; empty means no engraving",
          ),
        font: field.text().describe(`A font id: ${ENGRAVING_FONTS.map((font) => font.id).join(', ')}`),
        placement: field
          .text()
          .describe(
            `Where it goes, one of the product's engravingPlacements (${ENGRAVING_PLACEMENTS.join(', ')}): required when it offers more than one, its only one otherwise`,
          ),
      },
      'an object with text, font and placement',
    )
    .describe('Text to engrave on every unit (engravable products only), or none'),
  vatNumber: field
    .text()
    .describe(
      "A business buyer's VAT number (EU and UK), its prefix the delivery country's (EL for Greece; GB or XI): a 400 when it is not in that country's format " +
        '("Enter a VAT number for Germany, like DE123456789"); on the invoice. With VAT_REVERSE_CHARGE, an order to another EU country than the shop\'s is charged no VAT',
    ),
  giftMessage: field.text().describe(orderNotesInput.shape.giftMessage.description!),
  workshopNote: field.text().describe(orderNotesInput.shape.workshopNote.description!),
});

/** The purchase form's order as the service takes it; the old client named the product `productCode`. */
function placeOrderInput({
  productId,
  productCode,
  shippingAddress: address,
  engraving,
  ...body
}: z.output<typeof placeOrderBody>): PlaceOrderInput {
  const shippingAddress: ShippingAddressInput | undefined = address && {
    name: address.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2,
    city: address.city ?? '',
    region: address.region,
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
    phone: address.phone ?? '',
  };
  return {
    ...body,
    productId: productId ?? productCode ?? '',
    phone: body.phone ?? '',
    shippingAddress,
    // An engraving with absent or empty text is no engraving (checkEngraving's rule).
    engraving: engraving
      ? {
          text: engraving.text ?? '',
          font: engraving.font ?? '',
          placement: (engraving.placement as EngravingPlacement | undefined) ?? null,
        }
      : null,
  };
}

type Services = { checkout: CheckoutService; orders: OrdersService };
const route = restRoute<Services, User>();

/** SPEC §7's POST /orders: the purchase form's order, placed by the checkout's steps. */
export const checkoutRoutes: RestRoutes<Services, User> = [
  route({
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
      'a destination whose rule refuses blades is a 400, and so is an address text naming no country in a shop that delivers abroad. ' +
      "With TAX_PROVIDER=stripe, a tax calculation Stripe does not answer is a 503 'Tax could not be calculated; please try again', and no order is placed.",
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
    failures: [403, 404, 409, 429, 503],
    answer: z.intersection(orderAnswer, z.object({ insertedId: z.string().describe('The order _id'), message: z.literal('Order Placed') })),
    work: async ({ headers, body }, _res, { caller, services }) => {
      const order = await services.checkout.place(caller, { ...placeOrderInput(body), idempotencyKey: headers['Idempotency-Key'] ?? null });
      await services.orders.withLines([order]);
      return { ...restOrder(order), insertedId: order.id, message: 'Order Placed' };
    },
  }),
];
