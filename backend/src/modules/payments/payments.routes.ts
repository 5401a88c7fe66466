import express, { type Router } from 'express';
import { badInput } from '../../common/errors';
import { JsonBody } from '../../http-kit/body';
import type { Handlers } from '../../http-kit/handle';
import { requireUser } from '../auth/caller';
import type { RestContextOf } from '../auth/request-context';
import type { PaymentsService } from './payments.service';
import { STRIPE_WEBHOOK_PATH } from './webhook-path';

type RestContext = RestContextOf<{ payments: PaymentsService }>;

/** The old client's payment calls. Any amount it sends is ignored: the order's total is used. */
export function registerPaymentsRoutes(router: Router, { handle }: Handlers<RestContext>): void {
  router.post(
    '/create-payment-intent',
    handle(async (req, _res, { caller, services }) => {
      requireUser(caller);
      const body = JsonBody.of(req.body);
      const orderId = body.optionalText('orderId') ?? body.optionalText('id');
      if (orderId === undefined) throw badInput('Send the order id as orderId');
      const intent = await services.payments.createIntent(caller, orderId);
      return { clientSecret: intent.clientSecret };
    }),
  );

  router.patch(
    '/orders/:id',
    handle(async (req, _res, { caller, services }) => {
      requireUser(caller);
      const transactionId = JsonBody.of(req.body).optionalText('transactionId');
      if (transactionId === undefined) throw badInput('Send the payment intent id as transactionId');
      const order = await services.payments.confirm(caller, String(req.params.id), transactionId);
      return { _id: order.id, paid: order.paid, transactionId: order.transactionId };
    }),
  );

  router.post(
    STRIPE_WEBHOOK_PATH,
    express.raw({ type: '*/*', limit: '1mb' }),
    handle(async (req, _res, { services }) => {
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw badInput('Missing Stripe signature or body');
      const outcome = await services.payments.handleWebhook(req.body, signature);
      req.log.info({ outcome }, 'stripe webhook');
      return { received: true };
    }),
  );
}
