import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { formatMoney, lineName, shortOrderId } from '@keen/rules';
import type { ReactNode } from 'react';
import type { OrderLinePayload, OrderPayload } from '../../events/domain-events';
import { ENGRAVING_FONTS } from '../catalog/engraving';

/** What every mail knows of the shop. */
export interface ShopContext {
  shopName: string;
  shopUrl: string;
  /** How amounts are written (SHOP_LOCALE). */
  locale: string;
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
  const { subtotal, shipping, tax, total } = order.totals;
  // Tax-inclusive prices: the tax is inside the total, which is then the subtotal and shipping alone.
  const taxIncluded = total === subtotal + shipping;
  return (
    <Section>
      {order.lines.map((line: OrderLinePayload, index) => (
        <Text key={index} style={{ margin: '0 0 8px' }}>
          {line.quantity} × {lineName(line.productName, line.variantName)} at {money(line.unitAmount)} each: {money(line.lineAmount)}
          {line.engraving ? (
            <>
              <br />
              Engraving: “{line.engraving.text}” in {fontName(line.engraving.font)} (+{money(line.engraving.unitSurcharge)} a unit)
            </>
          ) : null}
        </Text>
      ))}
      {shipping || tax ? (
        <Text style={{ margin: '0 0 4px' }}>
          Subtotal: {money(subtotal)}
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

export function OrderReceived({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  return (
    <Layout shop={shop} preview={`We hold your order #${id} until you pay`}>
      <Heading as="h1">Order #{id} received</Heading>
      <Text>Hello {order.customer.name}, thank you for your order.</Text>
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

export function StaffPaidOrder({ shop, order }: { shop: ShopContext; order: OrderPayload }) {
  const id = shortOrderId(order.orderId);
  return (
    <Layout shop={shop} preview={`${order.customer.name} paid ${orderMoney(shop, order, order.totals.total)}`}>
      <Heading as="h1">New paid order #{id}</Heading>
      <Text>
        {order.customer.name} ({order.customer.email}) paid {orderMoney(shop, order, order.totals.total)}.
      </Text>
      <Lines shop={shop} order={order} />
      <Button href={`${shop.shopUrl}/dashboard/allOrders`} style={button}>
        Open All Orders
      </Button>
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
