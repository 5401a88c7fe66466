import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { engravingPlacementLabel, formatMoney, formatShipDate, formatShipWindow, lineName, shortOrderId } from '@keen/rules';
import type { ReactNode } from 'react';
import type { MessageReceivedPayload, MessageRepliedPayload } from '../messages';
import type { OrderLinePayload, OrderPayload, RefundPayload } from '../orders';
import { ENGRAVING_FONTS } from '../catalog';

/** What every mail knows of the shop. */
export interface ShopContext {
  shopName: string;
  shopUrl: string;
  /** How amounts are written (SHOP_LOCALE). */
  locale: string;
  /** A guest order's link (its mails only): the guest's way back to the order, in every mail. */
  orderLink?: string;
}

/** An order's amount as a mail writes it, in the order's currency. */
export const orderMoney = (shop: ShopContext, order: OrderPayload, amount: number) => formatMoney(amount, order.currency, shop.locale);

// Dark-mode safe: text and background are both set everywhere (clients that invert colours invert
// both), no remote images, and no meaning carried by colour alone.
const page = { backgroundColor: '#ffffff', color: '#1a1a1a', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 };
const box = { maxWidth: '560px', padding: '24px', backgroundColor: '#ffffff', color: '#1a1a1a' };
const small = { fontSize: '13px', color: '#4a4a4a' };
const button = { backgroundColor: '#1a1a1a', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', textDecoration: 'none' };

const when = (iso: string) => new Date(iso).toUTCString().replace(' GMT', ' UTC');

/** The font's name, never the font itself: mail clients would not have it. */
export const fontName = (id: string) => ENGRAVING_FONTS.find((font) => font.id === id)?.name ?? id;

function Layout({ shop, preview, children }: { shop: ShopContext; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={box}>
          <Text style={{ fontSize: '20px', fontWeight: 700, margin: '0 0 16px' }}>{shop.shopName}</Text>
          {children}
          {shop.orderLink ? (
            <Text>
              Your order, its state and tracking, at any time: <Link href={shop.orderLink}>{shop.orderLink}</Link>
            </Text>
          ) : null}
          <Hr />
          <Text style={small}>
            {shop.shopName} · <Link href={shop.shopUrl}>{shop.shopUrl}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function Lines({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const money = (amount: number) => orderMoney(shop, order, amount);
  const { subtotal, adjustments, discount, shipping, tax, total } = order.totals;
  // Tax-inclusive prices: the tax is inside the total, which is then the adjusted subtotal and shipping alone.
  const taxIncluded = total === subtotal + adjustments + shipping;
  const staffAdjustment = adjustments - discount;
  return (
    <Section>
      {order.lines.map((line: OrderLinePayload, index) => (
        <Text key={index} style={{ margin: '0 0 8px' }}>
          {line.quantity} × {lineName(line.productName, line.variantName)} at {money(line.unitAmount)} each: {money(line.lineAmount)}
          {line.engraving ? (
            <>
              <br />
              Engraving: “{line.engraving.text}” in {fontName(line.engraving.font)}
              {line.engraving.placement ? `, on the ${engravingPlacementLabel(line.engraving.placement)}` : ''} (+
              {money(line.engraving.unitSurcharge)} a unit)
            </>
          ) : null}
        </Text>
      ))}
      {shipping || tax || adjustments ? (
        <Text style={{ margin: '0 0 4px' }}>
          Subtotal: {money(subtotal)}
          {discount ? (
            <>
              <br />
              Discount{order.discountCode ? ` (${order.discountCode})` : ''}: {money(discount)}
            </>
          ) : null}
          {staffAdjustment ? (
            <>
              <br />
              Price adjusted: {money(staffAdjustment)}
            </>
          ) : null}
          <br />
          Shipping: {money(shipping)}
          {tax && !taxIncluded ? (
            <>
              <br />
              Tax: {money(tax)}
            </>
          ) : null}
        </Text>
      ) : null}
      <Text style={{ fontWeight: 700 }}>
        Total: {money(total)}
        {tax && taxIncluded ? ` (incl. ${money(tax)} VAT)` : ''}
      </Text>
    </Section>
  );
}

/** The ship window the order was promised (or the date staff set since): "Ships between 12 and 26 January". */
function ShipBy({ order }: { order: OrderPayload }) {
  return order.shipBy ? <Text style={{ fontWeight: 700 }}>{formatShipWindow(order.shipBy)}</Text> : null;
}

export function OrderReceived({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  return (
    <Layout shop={shop} preview={`We hold your order #${id} until you pay`}>
      <Heading as="h1">Order #{id} received</Heading>
      <Text>Hello {order.customer.name}, thank you for your order.</Text>
      <ShipBy order={order} />
      <Lines shop={shop} order={order} />
      {order.holdEndsAt ? <Text>We hold its units for you until {when(order.holdEndsAt)}; unpaid by then, it expires.</Text> : null}
      <Button href={`${shop.shopUrl}/dashboard/payment/${order.orderId}`} style={button}>
        Pay for order #{id}
      </Button>
    </Layout>
  );
}

export function PaymentReceived({ shop, order, paidAt }: { shop: ShopContext; order: OrderPayload; paidAt: string }) {
  const id = shortOrderId(order.orderId);
  return (
    <Layout shop={shop} preview={`Receipt for order #${id}`}>
      <Heading as="h1">Receipt for order #{id}</Heading>
      <Text>Hello {order.customer.name}, we received your payment. We engrave and ship your order next.</Text>
      <ShipBy order={order} />
      <Lines shop={shop} order={order} />
      <Text style={small}>
        Paid {when(paidAt)}
        {order.transactionId ? ` · Transaction ${order.transactionId}` : ''}
        <br />
        Ship to: {order.address}
      </Text>
    </Layout>
  );
}

export function OrderShipped({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  const tracking = order.tracking;
  return (
    <Layout shop={shop} preview={`Order #${id} is on its way`}>
      <Heading as="h1">Order #{id} has shipped</Heading>
      <Text>
        Hello {order.customer.name}, your order is on its way to {order.address}.
      </Text>
      {order.ageRestriction ? <Text style={{ fontWeight: 700 }}>{adultHandover(order.ageRestriction.minimumAge)}</Text> : null}
      {tracking ? (
        <Text>
          {tracking.carrier ? `Carrier: ${tracking.carrier}` : null}
          {tracking.carrier && tracking.number ? <br /> : null}
          {tracking.number ? `Tracking number: ${tracking.number}` : null}
        </Text>
      ) : null}
      <Lines shop={shop} order={order} />
    </Layout>
  );
}

/** The shipped mail's line for an age-restricted order: the carrier hands the parcel only to an adult, who may be asked for ID. */
export const adultHandover = (minimumAge: number) =>
  `This parcel contains a bladed article: an adult (aged ${minimumAge} or over) must receive it, and may be asked for ID.`;

const CLOSED = {
  expired: (id: string) => `Order #${id} was not paid in time, so it expired and its units went back on sale.`,
  cancelled: (id: string) => `Order #${id} was cancelled. Nothing was charged.`,
  refunded: (id: string) => `We refunded your payment for order #${id}. Your bank shows it within a few days.`,
};

export function OrderClosed({ shop, order, how }: { shop: ShopContext; order: OrderPayload; how: keyof typeof CLOSED }) {
  const id = shortOrderId(order.orderId);
  return (
    <Layout shop={shop} preview={CLOSED[how](id)}>
      <Heading as="h1">
        Order #{id} {how}
      </Heading>
      <Text>Hello {order.customer.name}.</Text>
      <Text>{CLOSED[how](id)}</Text>
      {order.note ? <Text style={small}>{order.note}</Text> : null}
      <Lines shop={shop} order={order} />
    </Layout>
  );
}

/** A refund, part or all of an order: what was refunded, where it went, and its credit note (attached). */
export function RefundIssued({ shop, order, refund }: { shop: ShopContext; order: OrderPayload; refund: RefundPayload }) {
  const id = shortOrderId(order.orderId);
  const money = (amount: number) => orderMoney(shop, order, amount);
  return (
    <Layout shop={shop} preview={`${money(refund.amount)} refunded for order #${id}`}>
      <Heading as="h1">
        Refund for order #{id}: {money(refund.amount)}
      </Heading>
      <Text>Hello {order.customer.name}.</Text>
      <Text>
        We have refunded {money(refund.amount)} of your order #{id}. Credit note {refund.creditNoteNumber}
        {refund.invoiceNumber ? ` (for invoice ${refund.invoiceNumber})` : ''} is attached.
      </Text>
      {refund.lines.map((line) => (
        <Text key={line.name} style={small}>
          {line.quantity} × {line.name}: {money(line.amount)}
        </Text>
      ))}
      {refund.shippingAmount ? <Text style={small}>Delivery: {money(refund.shippingAmount)}</Text> : null}
      {refund.extraAmount ? (
        <Text style={small}>
          {refund.reason}: {money(refund.extraAmount)}
        </Text>
      ) : null}
      {refund.giftCardAmount ? <Text>Back on your gift cards: {money(refund.giftCardAmount)}</Text> : null}
      {refund.cardAmount ? <Text>Back to your card: {money(refund.cardAmount)} (your bank may take a few days to show it)</Text> : null}
      <Text>
        Refunded so far: {money(order.totals.refunded ?? refund.amount)} of {money(order.totals.total)}.
      </Text>
    </Layout>
  );
}

export function StaffPaidOrder({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  return (
    <Layout shop={shop} preview={`${order.customer.name} paid ${orderMoney(shop, order, order.totals.total)}`}>
      <Heading as="h1">New paid order #{id}</Heading>
      <Text>
        {order.customer.name} ({order.customer.email}) paid {orderMoney(shop, order, order.totals.total)}.
      </Text>
      <ShipBy order={order} />
      <Lines shop={shop} order={order} />
      <Button href={`${shop.shopUrl}/dashboard/allOrders`} style={button}>
        Open All Orders
      </Button>
    </Layout>
  );
}

/** To the staff: an order passed its latest ship date unshipped; they set a new date on the Workshop page. */
export function StaffLateOrder({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  const latest = order.shipBy ? formatShipDate(order.shipBy.latest, true) : 'its promised date';
  return (
    <Layout shop={shop} preview={`Order #${id} was due to ship by ${latest}`}>
      <Heading as="h1">Order #{id} is late</Heading>
      <Text>
        Order #{id} for {order.customer.name} ({order.customer.email}) was due to ship by {latest} and has not shipped. Set a new date on
        the Workshop page: the customer is then sent an apology with it and may cancel for a full refund.
      </Text>
      <Lines shop={shop} order={order} />
      <Button href={`${shop.shopUrl}/dashboard/workshop`} style={button}>
        Open the Workshop
      </Button>
    </Layout>
  );
}

/** To the customer: an apology for a late order, its new estimate, and the way to cancel it for a full refund. */
export function OrderLate({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  const cancelAt = shop.orderLink ?? `${shop.shopUrl}/dashboard/myOrders`;
  return (
    <Layout shop={shop} preview={`Order #${id} is running late: our apologies`}>
      <Heading as="h1">Order #{id} is running late</Heading>
      <Text>Hello {order.customer.name}, we are sorry: your order has taken the workshop longer than we promised.</Text>
      {order.shipBy ? (
        <Text style={{ fontWeight: 700 }}>Our new estimate: it ships by {formatShipDate(order.shipBy.latest, true)}.</Text>
      ) : null}
      <Text>
        If you would rather not wait, you may cancel it for a full refund from your order: <Link href={cancelAt}>{cancelAt}</Link>
      </Text>
      <Lines shop={shop} order={order} />
    </Layout>
  );
}

export function LowStock({ shop, product }: { shop: ShopContext; product: { name: string; left: number } }) {
  return (
    <Layout shop={shop} preview={`${product.name}: ${product.left} left`}>
      <Heading as="h1">Low stock</Heading>
      <Text>
        {product.name} has {product.left} {product.left === 1 ? 'unit' : 'units'} left after an order.
      </Text>
      <Link href={`${shop.shopUrl}/dashboard/manageProducts`}>Manage products</Link>
    </Layout>
  );
}

const KIND_NAMES: Record<string, string> = { COMMISSION: 'commission request', QUESTION: 'question' };
/** "commission request" or "question". */
export const messageKindName = (kind: string) => KIND_NAMES[kind] ?? 'message';

/** A contact message, for the staff: everything the sender gave, and a link to it on the Messages page. */
export function StaffMessage({ shop, message }: { shop: ShopContext; message: MessageReceivedPayload }) {
  const kind = messageKindName(message.kind);
  return (
    <Layout shop={shop} preview={`${message.name} sent a ${kind}`}>
      <Heading as="h1">New {kind}</Heading>
      <Text>
        From {message.name} ({message.email}), an address nobody has verified: answer from the Messages page.
      </Text>
      {message.productName ? <Text style={{ margin: '0 0 4px' }}>About: {message.productName}</Text> : null}
      {message.budget ? <Text style={{ margin: '0 0 4px' }}>Budget: {message.budget}</Text> : null}
      {message.photoCount ? (
        <Text style={{ margin: '0 0 4px' }}>
          {message.photoCount} reference {message.photoCount === 1 ? 'photo' : 'photos'} on the Messages page
        </Text>
      ) : null}
      <Text style={{ whiteSpace: 'pre-wrap' }}>{message.message}</Text>
      <Button href={`${shop.shopUrl}/dashboard/messages/${message.messageId}`} style={button}>
        Open the message
      </Button>
    </Layout>
  );
}

/** A gift card's code for its recipient, with the buyer's message. The only mail that carries a whole code. */
export function GiftCardDelivered({
  shop,
  code,
  amount,
  from,
  message,
  expiresAt,
}: {
  shop: ShopContext;
  /** In groups of four. */
  code: string;
  /** Formatted, in the card's currency. */
  amount: string;
  /** The buyer's name; null for a card staff issued. */
  from: string | null;
  message: string | null;
  expiresAt: string | null;
}) {
  return (
    <Layout shop={shop} preview={`A ${amount} gift card for you`}>
      <Heading as="h1" style={{ fontSize: '22px' }}>
        A {amount} gift card{from ? ` from ${from}` : ''}
      </Heading>
      {message ? <Text style={{ fontStyle: 'italic' }}>“{message}”</Text> : null}
      <Text>Your gift card code:</Text>
      <Text style={{ fontSize: '22px', fontWeight: 700, letterSpacing: '2px', fontFamily: 'Courier, monospace' }}>{code}</Text>
      <Text>Enter it at checkout on {shop.shopName}: it pays what it can of an order, and what is left stays on the card.</Text>
      {expiresAt ? <Text style={small}>Valid until {when(expiresAt)}.</Text> : null}
      <Button href={shop.shopUrl} style={button}>
        Visit {shop.shopName}
      </Button>
    </Layout>
  );
}

/** A customer asked to return units: staff approve or decline it on the dashboard's Returns page. */
export function StaffReturnRequested({
  shop,
  rmaNumber,
  orderId,
  customer,
  reason,
  lines,
  photoCount,
}: {
  shop: ShopContext;
  rmaNumber: string;
  orderId: string;
  customer: { name: string; email: string };
  reason: string;
  lines: { name: string; quantity: number }[];
  photoCount: number;
}) {
  return (
    <Layout shop={shop} preview={`${customer.name} asks to return items of order #${shortOrderId(orderId)}`}>
      <Heading as="h1">Return {rmaNumber} requested</Heading>
      <Text>
        {customer.name} ({customer.email}) asks to return items of order #{shortOrderId(orderId)}:
      </Text>
      {lines.map((line) => (
        <Text key={line.name} style={small}>
          {line.quantity} × {line.name}
        </Text>
      ))}
      <Text>Why: {reason.toLowerCase().replaceAll('_', ' ')}</Text>
      {photoCount ? <Text style={small}>With {photoCount === 1 ? 'a photo' : `${photoCount} photos`}.</Text> : null}
      <Button href={`${shop.shopUrl}/dashboard/returns`} style={button}>
        Open Returns
      </Button>
    </Layout>
  );
}

/**
 * A return's answer for its customer: approved, with the shop's instructions (RETURN_POLICY) and the
 * RMA number to write on the parcel, or declined with staff's reason.
 */
export function ReturnAnswered({
  shop,
  rmaNumber,
  orderId,
  name,
  lines,
  answer,
}: {
  shop: ShopContext;
  rmaNumber: string;
  orderId: string;
  name: string;
  lines: { name: string; quantity: number }[];
  answer: { approved: true; instructions: string[] } | { approved: false; reason: string };
}) {
  const id = shortOrderId(orderId);
  return (
    <Layout shop={shop} preview={`Your return ${rmaNumber} was ${answer.approved ? 'approved' : 'declined'}`}>
      <Heading as="h1">
        Return {rmaNumber} {answer.approved ? 'approved' : 'declined'}
      </Heading>
      <Text>Hello {name}.</Text>
      <Text>
        {answer.approved ? `We approved your return of these items of order #${id}:` : `We cannot take back these items of order #${id}:`}
      </Text>
      {lines.map((line) => (
        <Text key={line.name} style={small}>
          {line.quantity} × {line.name}
        </Text>
      ))}
      {answer.approved ? (
        <>
          <Text>Write {rmaNumber} on the parcel. How to send it:</Text>
          {answer.instructions.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          <Text>We refund the items once they arrive; you will get the credit note by mail.</Text>
        </>
      ) : (
        <Text style={{ whiteSpace: 'pre-wrap' }}>Why: {answer.reason}</Text>
      )}
      <Button href={`${shop.shopUrl}/orders/${orderId}`} style={button}>
        See your order
      </Button>
    </Layout>
  );
}

/**
 * Staff's reply to a contact message: their text alone. The sender's own words are never quoted
 * back: the address was not verified, and a quote would let anyone mail their text to anyone.
 */
export function MessageReplyMail({ shop, reply }: { shop: ShopContext; reply: MessageRepliedPayload }) {
  return (
    <Layout shop={shop} preview={reply.text.slice(0, 90)}>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{reply.text}</Text>
      <Text style={small}>
        This answers the {messageKindName(reply.kind)} sent to {shop.shopName} through its contact form on {when(reply.sentAt)}. To write
        again, use the form at <Link href={`${shop.shopUrl}/contactus`}>{shop.shopUrl}/contactus</Link>.
      </Text>
    </Layout>
  );
}

/** An engraving proof as its mails show it (the proofs module's payload). */
export interface ProofMailRow {
  orderId: string;
  lineName: string;
  version: number;
  engraving: { text: string; font: string | null };
  note: string | null;
  comment: string | null;
  answeredAt: string | null;
  answeredBy: string | null;
  customer: { name: string; email: string };
}

/**
 * A proof of an engraved line waits for its customer (sent, or a reminder of it): the link opens the
 * proof page, with the guest order's token for a guest.
 */
export function ProofRequested({
  shop,
  proof,
  link,
  reminder,
}: {
  shop: ShopContext;
  proof: ProofMailRow;
  link: string;
  reminder: boolean;
}) {
  const id = shortOrderId(proof.orderId);
  return (
    <Layout shop={shop} preview={`${reminder ? 'Reminder: y' : 'Y'}our engraving proof for order #${id} is ready`}>
      <Heading as="h1">{reminder ? 'Your engraving proof is still waiting' : 'Your engraving proof is ready'}</Heading>
      <Text>Hello {proof.customer.name}.</Text>
      <Text>
        Proof {proof.version} of the engraving on {proof.lineName} (order #{id}) reads “{proof.engraving.text}”
        {proof.engraving.font ? ` in ${fontName(proof.engraving.font)}` : ''}. Please approve it, or tell us what to change: we make it once
        you approve.
      </Text>
      {proof.note ? <Text style={{ whiteSpace: 'pre-wrap' }}>Our note: {proof.note}</Text> : null}
      <Button href={link} style={button}>
        See the proof
      </Button>
    </Layout>
  );
}

/** The customer approved a proof: the evidence of who approved which version when, for their records. */
export function ProofApproved({ shop, proof, link }: { shop: ShopContext; proof: ProofMailRow; link: string }) {
  const id = shortOrderId(proof.orderId);
  const by = proof.answeredBy === 'policy' ? 'by our policy, as it was not answered in time' : `by ${proof.answeredBy}`;
  return (
    <Layout shop={shop} preview={`Engraving proof approved for order #${id}`}>
      <Heading as="h1">Engraving proof approved</Heading>
      <Text>Hello {proof.customer.name}.</Text>
      <Text>
        Proof {proof.version} of the engraving on {proof.lineName} (order #{id}), reading “{proof.engraving.text}”, was approved {by}
        {proof.answeredAt ? ` on ${when(proof.answeredAt)}` : ''}.
      </Text>
      <Button href={link} style={button}>
        See your order
      </Button>
    </Layout>
  );
}

/** The customer asked for changes to a proof: staff send the next round from the order in the dashboard. */
export function StaffProofChanges({ shop, proof }: { shop: ShopContext; proof: ProofMailRow }) {
  const id = shortOrderId(proof.orderId);
  return (
    <Layout shop={shop} preview={`${proof.customer.name} asks for changes to an engraving proof of order #${id}`}>
      <Heading as="h1">Changes asked for: proof {proof.version}</Heading>
      <Text>
        {proof.customer.name} ({proof.customer.email}) asks for changes to proof {proof.version} of {proof.lineName} (order #{id}):
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{proof.comment}</Text>
      <Button href={`${shop.shopUrl}/dashboard/orders`} style={button}>
        Open Orders
      </Button>
    </Layout>
  );
}
