import { toMajorUnits } from '@keen/rules';
import type { AgeCheckEvidencePayload } from '../compliance';
import type { OrderPayload } from './orders.events';
import type { Order } from './order.entity';

/**
 * What an order's events carry: the order as it is after the change, with its lines (which must be
 * loaded); `ageCheck` is the check an age-restricted order relied on (order.placed).
 */
export function orderPayload(
  order: Order,
  extra: { holdEndsAt?: Date | null; note?: string | null; ageCheck?: AgeCheckEvidencePayload | null } = {},
): OrderPayload {
  if (!order.lines) throw new Error(`The lines of order ${order.id} were not loaded`);
  const major = (amount: number) => toMajorUnits(amount, order.currency);
  return {
    orderId: order.id,
    state: order.state,
    customer: { id: order.customerId, name: order.userName, email: order.email },
    guest: order.guestEmail != null,
    phone: order.phone,
    address: order.address,
    lines: order.lines.map((line) => {
      const unitSurcharge = line.engravingUnitAmount ?? 0;
      const unitAmount = line.unitAmount + unitSurcharge;
      return {
        productId: line.productId,
        productName: line.name,
        variantId: line.variantId,
        variantName: line.variantName,
        sku: line.sku,
        customValue: line.customValue,
        quantity: line.quantity,
        unitAmount,
        lineAmount: line.lineAmount,
        unitPrice: major(unitAmount),
        lineTotal: major(line.lineAmount),
        discountAmount: line.discountAmount ?? 0,
        engraving:
          line.engravingText === null
            ? null
            : {
                text: line.engravingText,
                font: line.engravingFont ?? '',
                placement: line.engravingPlacement ?? 'BladeLeft',
                unitSurcharge,
              },
      };
    }),
    currency: order.currency,
    totals: {
      subtotal: order.subtotalAmount,
      adjustments: order.adjustmentAmount,
      discount: order.discountAmount ?? 0,
      giftCards: order.giftCardAmount ?? 0,
      shipping: order.shippingAmount,
      tax: order.taxAmount,
      total: order.totalAmount,
      refunded: order.refundedAmount ?? 0,
    },
    invoiceNumber: order.invoiceNumber ?? null,
    total: major(order.totalAmount),
    discountCode: order.discountCode ?? null,
    createdAt: new Date(order.createdAt).toISOString(),
    holdEndsAt: extra.holdEndsAt ? extra.holdEndsAt.toISOString() : null,
    transactionId: order.transactionId,
    tracking: order.trackingCarrier || order.trackingNumber ? { carrier: order.trackingCarrier, number: order.trackingNumber } : null,
    giftMessage: order.giftMessage ?? null,
    workshopNote: order.workshopNote ?? null,
    shipBy: order.shipByEarliest && order.shipByLatest ? { earliest: order.shipByEarliest, latest: order.shipByLatest } : null,
    note: extra.note ?? null,
    ageRestricted: order.ageRestricted,
    ageRestriction: order.ageRestricted
      ? {
          country: order.destinationCountry!,
          minimumAge: order.minimumAge!,
          handover: order.deliveryHandover!,
          check: extra.ageCheck ?? null,
          ageVerifiedDelivery: order.ageVerifiedDelivery,
        }
      : null,
  };
}
