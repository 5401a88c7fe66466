/** Returns of delivered orders (RMAs): asked for by customers, approved, received and refunded by staff. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ReturnLine, ReturnPhoto, ReturnRequest } from './return.entity';
import { RETURNS_EVENTS } from './returns.events';
import { returnsLoaders } from './returns.loaders';
import { OrderReturnsResolver, ReturnsResolver } from './returns.resolver';
import type { ReturnsService } from './returns.service';
import { returnsWork } from './returns.work';

export const returnsModule = keenModule({
  name: 'returns',
  entities: [ReturnRequest, ReturnLine, ReturnPhoto],
  resolvers: [ReturnsResolver, OrderReturnsResolver],
  work: returnsWork,
  loaders: (_db, { returns }: { returns: ReturnsService }) => returnsLoaders(returns),
  events: RETURNS_EVENTS,
});

export { ReturnLine, ReturnPhoto, ReturnReason, ReturnRequest, ReturnState } from './return.entity';
export type { ReturnsService } from './returns.service';
export type { ReturnPayload } from './returns.events';
export { eraseReturns, returnsOf } from './returns.privacy';
