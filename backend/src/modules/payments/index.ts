/** Card payments: Stripe and the offline test provider. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { TestPaymentIntent, TestRefund } from './test-payment-intent.entity';
import { PaymentsResolver } from './payments.resolver';
import { paymentsRoutes } from './payments.routes';

export const paymentsModule = keenModule({
  name: 'payments',
  entities: [TestPaymentIntent, TestRefund],
  resolvers: [PaymentsResolver],
  routes: paymentsRoutes,
});
