import Stripe from 'stripe';
import { metrics } from '../../src/common/metrics';
import { developmentNotice, loadConfig } from '../../src/config';
import { Order } from '../../src/modules/orders/order.entity';
import { startTestApp, type TestApp } from '../support/harness';
import { productionEnv } from '../support/production-env';

test('outside production, npm start says which development stand-ins are on and the setting that turns production on', () => {
  expect(developmentNotice(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }))).toBe(
    'Development mode (the offline test payment provider, the offline test age checks, the demo admin admin@keen.test, the Auth Emulator): NODE_ENV=production turns production on.',
  );
  expect(developmentNotice(loadConfig(productionEnv))).toBeNull();
});

describe('payments_failed counts Stripe failures', () => {
  const WEBHOOK_SECRET = 'whsec_test_failed';
  let app: TestApp;
  beforeAll(async () => {
    // The webhook needs no Stripe API call: its signature is checked locally.
    app = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_keen',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_keen',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => app.close());

  const failedCount = async () => (await metrics.paymentsFailed.get()).values[0]?.value ?? 0;

  test('a signed payment_intent.payment_failed webhook for an order counts one failed payment and leaves the order unpaid', async () => {
    const shopper = await app.customer();
    const order = await app.placeOrder(shopper, (await app.product()).id);
    await app.db.getRepository(Order).update({ id: order.id }, { paymentIntentId: 'pi_declined_1' });
    const payload = JSON.stringify({
      id: 'evt_failed_1',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_declined_1', object: 'payment_intent', status: 'requires_payment_method' } },
    });
    const before = await failedCount();
    const response = await fetch(`${app.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    expect((await failedCount()) - before).toBe(1);
    expect((await app.db.getRepository(Order).findOneByOrFail({ id: order.id })).paid).toBe(false);
  });
});
