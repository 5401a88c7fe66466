import type { EntityManager } from 'typeorm';
import { Order, OrderState } from './order.entity';
import { OrderLine } from './order-line.entity';

/**
 * What the orders module holds of a person, for their data export and erasure. Orders are the
 * shop's financial records (the tax period's invoices are made from them): erasure keeps every
 * order, line, total, tax, payment reference and date, and empties what says who the person is.
 */

/** The person's orders, newest first, each with its lines, in minor units. */
export async function ordersOf(manager: EntityManager, customerId: string) {
  const orders = await manager.getRepository(Order).find({ where: { customerId }, order: { createdAt: 'DESC' } });
  const lines = orders.length
    ? await manager.getRepository(OrderLine).find({ where: orders.map((order) => ({ orderId: order.id })), order: { position: 'ASC' } })
    : [];
  return orders.map((order) => ({
    id: order.id,
    createdAt: order.createdAt,
    state: order.state,
    currency: order.currency,
    name: order.userName,
    email: order.email,
    phone: order.phone,
    address: order.address,
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethodName,
    giftMessage: order.giftMessage,
    workshopNote: order.workshopNote,
    discountCode: order.discountCode,
    totals: {
      subtotal: order.subtotalAmount,
      adjustments: order.adjustmentAmount,
      shipping: order.shippingAmount,
      tax: order.taxAmount,
      giftCards: order.giftCardAmount,
      total: order.totalAmount,
    },
    paidAt: order.paidAt,
    shippedAt: order.shippedAt,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        product: line.name,
        variant: line.variantName,
        sku: line.sku,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
        lineAmount: line.lineAmount,
        engraving:
          line.engravingText === null ? null : { text: line.engravingText, font: line.engravingFont, placement: line.engravingPlacement },
        giftCard: line.giftCard,
      })),
  }));
}

/** The ids of the person's orders still awaiting payment: the erasure cancels them first (through the state machine). */
export async function openUnpaidOrderIds(manager: EntityManager, customerId: string): Promise<string[]> {
  const open = await manager.getRepository(Order).find({ select: { id: true }, where: { customerId, state: OrderState.AwaitingPayment } });
  return open.map((order) => order.id);
}

/**
 * Empties the person from their orders: name and e-mail become the erased profile's, phone, street
 * address, gift message and note to the workshop go (the address keeps the destination country,
 * which decided the tax), a gift card line loses its recipient and message; their history lines
 * lose the person's e-mail and the buyer's quoted texts. Answers how many orders were kept.
 */
export async function anonymiseOrders(
  manager: EntityManager,
  customerId: string,
  person: { formerEmail: string; name: string; email: string },
): Promise<number> {
  const kept: { id: string }[] = await manager
    .query(
      `UPDATE "order" SET "userName" = $2, "email" = $3, "phone" = '', "address" = coalesce("destinationCountry", ''),
            "shippingAddress" = NULL, "giftMessage" = NULL, "workshopNote" = NULL
      WHERE "customerId" = $1 RETURNING "id"`,
      [customerId, person.name, person.email],
    )
    .then(([rows]: [{ id: string }[]]) => rows);
  if (!kept.length) return 0;
  const ids = kept.map((order) => order.id);
  await manager.query(
    `UPDATE "order_line" SET "giftCard" = jsonb_build_object('recipientEmail', NULL, 'message', NULL, 'sendAt', "giftCard"->'sendAt')
      WHERE "orderId" = ANY($1::uuid[]) AND "giftCard" IS NOT NULL`,
    [ids],
  );
  // The placed line quotes the gift message and the note last (checkout's placedNote): cut from the first quote on.
  await manager.query(
    `UPDATE "order_event"
        SET "actorEmail" = CASE WHEN "actorEmail" = $2 THEN NULL ELSE "actorEmail" END,
            "note" = nullif(regexp_replace("note", '(\\. )?(Gift message|Note to the workshop): “.*$', ''), '')
      WHERE "orderId" = ANY($1::uuid[])`,
    [ids, person.formerEmail],
  );
  return kept.length;
}
