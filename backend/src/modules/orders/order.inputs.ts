import { Field, Float, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { GIFT_MESSAGE, WORKSHOP_NOTE } from '@keen/rules';
import { PageOptions } from '../../common/list';
import { ShippingAddressInput } from '../addresses';
import { Engraving } from '../catalog';
import { OrderState, OrderStatus } from './order.entity';

export enum OrderSortField {
  createdAt = 'createdAt',
  totalPrice = 'totalPrice',
  quantity = 'quantity',
  /** The derived status sorts as state does: pending states before Shipped. */
  status = 'status',
  state = 'state',
  name = 'name',
  email = 'email',
}
registerEnumType(OrderSortField, {
  name: 'OrderSortField',
  description: 'What an order list is sorted by (ties by id)',
  valuesConfig: {
    createdAt: { description: 'When placed: the default, newest first' },
    totalPrice: { description: 'The order total' },
    quantity: { description: "The first line's quantity" },
    status: { description: 'The derived status: sorts as state does' },
    state: { description: 'Where the order is in its life' },
    name: { description: "The first line's product name" },
    email: { description: "The customer's e-mail" },
  },
});

@InputType({ description: 'Paging, search (product name, e-mail, customer name), sort and filters of an order list' })
export class OrderListOptions extends PageOptions {
  @Field(() => OrderSortField, { nullable: true, description: 'Default: createdAt, newest first' })
  sortBy?: OrderSortField;

  @Field(() => OrderState, { nullable: true, description: 'Only orders in this state' })
  state?: OrderState;

  @Field(() => OrderStatus, { nullable: true, description: 'Derived from state; prefer the state filter' })
  status?: OrderStatus;

  @Field(() => Boolean, { nullable: true, description: 'true: only Paid or Shipped orders; false: only the others' })
  paid?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'true: only engraved orders; false: only orders without an engraving' })
  engraved?: boolean;

  @Field(() => Boolean, { nullable: true, description: 'true: only orders placed by guests (claimed or not); false: only the others' })
  guest?: boolean;
}

@InputType({ description: "Where a gift-card line's cards go: each unit is a card whose code is mailed once the order is paid" })
export class GiftCardLineInput {
  @Field(() => String, { nullable: true, description: 'Who receives the codes (an e-mail address); without one, the buyer' })
  recipientEmail?: string | null;

  @Field(() => String, { nullable: true, description: 'A message for the recipient, at most 500 characters' })
  message?: string | null;

  @Field(() => Date, { nullable: true, description: 'When to send the codes (ISO 8601, within a year); without one, on payment' })
  sendAt?: Date | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "An amount the buyer chooses (minor units), for a gift card that allows one (Product.giftCardMinAmount to giftCardMaxAmount): each unit is priced and issued at it, whatever the variant's price; without one, the variant's denomination",
  })
  amount?: number | null;
}

@InputType({ description: 'One product of a new order' })
export class OrderLineInput {
  @Field(() => ID, { description: 'The product to order' })
  productId!: string;

  @Field(() => ID, {
    nullable: true,
    description: 'The variant of that product (Product.variants); required when the product has more than one',
  })
  variantId?: string | null;

  @Field(() => Float, {
    nullable: true,
    description: "The measure, for a made-to-measure variant: within its option group's custom min and max",
  })
  customValue?: number | null;

  @Field(() => Int, { description: "Whole units, from the product's minimumQuantity up to its stock" })
  quantity!: number;

  @Field(() => Engraving, { nullable: true, description: 'Only for an engravable product; its engravingPrice is added to each unit' })
  engraving?: Engraving | null;

  @Field(() => GiftCardLineInput, {
    nullable: true,
    description: 'Only for a gift card (Product.kind GIFT_CARD): its recipient, message and date',
  })
  giftCard?: GiftCardLineInput | null;
}

@InputType({ description: 'Who places an order signed out: no account is made; the order belongs to this e-mail address' })
export class GuestInput {
  @Field(() => String, { description: 'Where the receipt and the order link go (once it is paid); at most 254 characters' })
  email!: string;

  @Field(() => String, { description: 'The name for delivery, 1 to 120 characters' })
  name!: string;

  @Field(() => ID, {
    nullable: true,
    description:
      "An age-restricted cart's passed guest age check (verifyAge with guest), for this e-mail address: it counts for this one order",
  })
  ageCheckId?: string | null;
}

@InputType({ description: 'Either lines, or the older single-product fields (productId, quantity, engraving); not both' })
export class PlaceOrderInput {
  @Field(() => [OrderLineInput], {
    nullable: true,
    description: 'One to 20 lines; one variant appears twice only with different engravings or measures',
  })
  lines?: OrderLineInput[] | null;

  @Field(() => ID, { nullable: true, description: 'The one product to order', deprecationReason: 'Use lines' })
  productId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The variant of that product, when it has more than one',
    deprecationReason: 'Use lines',
  })
  variantId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Units of that product', deprecationReason: 'Use lines' })
  quantity?: number | null;

  @Field(() => String, { description: 'For delivery: digits, spaces and dashes after an optional +, 5 to 20 characters' })
  phone!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The delivery address as one text (older clients), ending in its country\'s English name or ISO code ("..., London SW1A 2AA, United Kingdom"); ' +
      'the country may be left out only while the shop delivers to its own country alone. Ships by the cheapest method serving that country. Or give shippingAddress',
  })
  address?: string | null;

  @Field(() => ShippingAddressInput, { nullable: true, description: 'Where the order ships; checked per country' })
  shippingAddress?: ShippingAddressInput | null;

  @Field(() => ID, {
    nullable: true,
    description: "One of shippingOptions' ids for this address; without one, the cheapest method serving it",
  })
  shippingMethodId?: string | null;

  @Field(() => Engraving, { nullable: true, description: 'An engraving on every unit', deprecationReason: 'Use lines' })
  engraving?: Engraving | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A discount code (any case): refused with a 400 naming it when it is unknown, expired, used up, already used by you, short of its minimum or not for these knives. Needs a signed-in customer; checked at most RATE_LIMIT_DISCOUNT_CODES times a minute',
  })
  discountCode?: string | null;

  @Field(() => [String], {
    nullable: true,
    description:
      'Gift card codes (at most 5, any case, dashes or spaces allowed), used after the discount in the order given: each pays what it can of the total, and an order they pay in full is Paid at once. An unknown, disabled, expired or empty card is refused with a 400 naming its last four characters',
  })
  giftCards?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: `A gift message, printed on the gift slip without prices (at most ${GIFT_MESSAGE.maxLength} characters; blank is none)`,
  })
  giftMessage?: string | null;

  @Field(() => String, {
    nullable: true,
    description: `A note to the workshop, on the engraving sheet and the order in the dashboard, never in a mail (at most ${WORKSHOP_NOTE.maxLength} characters; blank is none)`,
  })
  workshopNote?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "A business buyer's VAT number (EU and UK), its prefix the delivery country's (EL for Greece; GB or XI): refused with a 400 when it is not in that country's format (\"Enter a VAT number for Germany, like DE123456789\"); on the invoice. With VAT_REVERSE_CHARGE, an order to another EU country than the shop's is charged no VAT. Blank is none",
  })
  vatNumber?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'One key per checkout attempt (1 to 255 printable characters): the same key and input within 24 hours answer the first order instead of placing another',
  })
  idempotencyKey?: string | null;

  @Field(() => GuestInput, {
    nullable: true,
    description:
      'Signed out only: places a guest order (GraphQL only; REST stays signed in). Its answer carries guestToken, the key of its page /orders/{id}?token=...; no mail goes before it is paid',
  })
  guest?: GuestInput | null;
}

@InputType({ description: 'What the admin knows of the parcel when shipping; every part optional' })
export class ShipmentTrackingInput {
  @Field(() => String, { nullable: true, description: 'At most 60 characters, e.g. DHL' })
  carrier?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  number?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'The parcel goes with an age-verified delivery service (handed only to an adult whose age the carrier checks): required for an age-restricted order to a country whose rule asks for it, such as the United Kingdom',
  })
  ageVerifiedDelivery?: boolean | null;
}

@InputType({ description: 'The lines and address an order would have, to price its delivery' })
export class ShippingOptionsInput {
  @Field(() => [OrderLineInput], { description: 'One to 20 lines, as placeOrder takes them' })
  lines!: OrderLineInput[];

  @Field(() => ShippingAddressInput, { description: 'Where it would ship' })
  address!: ShippingAddressInput;

  @Field(() => String, {
    nullable: true,
    description:
      'A discount code (any case): refused with a 400 naming it when it is unknown, expired, used up, already used by you, short of its minimum or not for these knives. Needs a signed-in customer; checked at most RATE_LIMIT_DISCOUNT_CODES times a minute',
  })
  discountCode?: string | null;

  @Field(() => [String], {
    nullable: true,
    description:
      "Gift card codes as placeOrder takes them: each option's totals then say what they would pay (giftCards, giftCardPayments) and what is left (amountDue), by placeOrder's rule; nothing is spent. Refused as placeOrder refuses them. Needs a signed-in customer; counted against RATE_LIMIT_GIFT_CARD_CODES",
  })
  giftCards?: string[] | null;

  @Field(() => String, {
    nullable: true,
    description: "A business buyer's VAT number as placeOrder takes it: under the reverse charge, each option's tax is then 0",
  })
  vatNumber?: string | null;
}
