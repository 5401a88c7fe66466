/** Orders after they are placed: reads, lists and the moves of their lifecycle. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ORDER_EVENTS } from './orders.events';
import { Order } from './order.entity';
import { OrderLine } from './order-line.entity';
import { OrderEvent } from './order-event.entity';
import { OrderEngravingResolver, OrderLinesResolver, OrdersResolver } from './orders.resolver';
import { ordersRoutes } from './orders.routes';
import { ordersWork } from './orders.work';
import { ordersLoaders } from './orders.loaders';
import type { OrdersService } from './orders.service';

export const ordersModule = keenModule({
  name: 'orders',
  entities: [Order, OrderLine, OrderEvent],
  resolvers: [OrdersResolver, OrderLinesResolver, OrderEngravingResolver],
  routes: ordersRoutes,
  work: ordersWork,
  loaders: (_db, { orders }: { orders: OrdersService }) => ordersLoaders(orders),
  events: ORDER_EVENTS,
});

export { OrderActorKind } from './order-event.entity';
export { orderPayload } from './order-events';
export { OrderLine, OrderLineGiftCard } from './order-line.entity';
export {
  PROVIDER,
  SYSTEM,
  actorOf,
  assertAllowed,
  assertMayEver,
  guestActorOf,
  moveOrder,
  partialRefundState,
  recordInHistory,
  recordPlaced,
  restock,
  statesNeverAfter,
} from './order-state-machine';
export { GuestLinks } from './guest-links';
export { nextDocumentNumber } from './document-numbers';
export type { OrderActor } from './order-state-machine';
export type { OrdersLoaders } from './orders.loaders';
export type { QuoteRequest } from './quote-request';
export { Order, OrderState, OrderStatus, PAID_STATES, PAID_UNSHIPPED, amountDue } from './order.entity';
export { ShipWindow, shipWindowOf } from './ship-window';
export { OrderSortField, PlaceOrderInput, ShippingOptionsInput } from './order.inputs';
export type { GiftCardLineInput, GuestInput, OrderLineInput, OrderListOptions } from './order.inputs';
export { orderAnswer, restOrder } from './orders.routes';
export type { OrderSettings, OrdersService } from './orders.service';
export { CardError, PAYING_STATUSES, RefundRefused, providerCurrency } from './payment-provider';
export type { PaymentEvent, PaymentProvider, ProviderIntent, TestCard } from './payment-provider';
export type { OrderLinePayload, OrderPayload, RefundPayload } from './orders.events';
export { anonymiseOrders, openUnpaidOrderIds, ordersOf } from './orders.privacy';
