/** Placing an order, as one list of steps. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { CheckoutResolver } from './checkout.resolver';
import { checkoutRoutes } from './checkout.routes';

export const checkoutModule = keenModule({
  name: 'checkout',
  resolvers: [CheckoutResolver],
  routes: checkoutRoutes,
});

export type { CheckoutService } from './checkout.service';
