import { z } from 'zod';
import { badInput } from '../../common/errors';
import { JsonBody } from '../../http-kit/body';
import type { RestRoutes } from '../auth/request-context';
import type { PaymentsService } from './payments.service';
import { STRIPE_WEBHOOK_PATH } from './webhook-path';

/** The old client's payment calls. Any amount it sends is ignored: the order's total is used. */
export const paymentsRoutes: RestRoutes<{ payments: PaymentsService }> = [
  {
    method: 'POST',
    path: '/create-payment-intent',
    tag: 'Payments',
    summary:
      "Create (or reuse) the order's payment intent (payments module); the amount is the stored order's total, any totalPrice sent is ignored",
    access: { allow: 'signed in' },
    body: z.looseObject({
      orderId: z.string().optional().describe('The order _id (or send id)'),
      id: z.string().optional().describe('The order _id, as the old client sent it'),
      totalPrice: z.number().optional().describe('Ignored'),
    }),
    failures: [404, 429, 503],
    answer: z.object({ clientSecret: z.string().describe('The client secret for the card field') }),
    work: async (req, _res, { caller, services }) => {
      const body = JsonBody.of(req.body);
      const orderId = body.optionalText('orderId') ?? body.optionalText('id');
      if (orderId === undefined) throw badInput('Send the order id as orderId');
      const intent = await services.payments.createIntent(caller, orderId);
      return { clientSecret: intent.clientSecret };
    },
  },
  {
    method: 'PATCH',
    path: '/orders/:id',
    tag: 'Payments',
    summary: 'Record a payment (payments module): paid only when the provider confirms the intent succeeded for this order and amount',
    access: { allow: 'signed in' },
    params: z.object({ id: z.string().describe('The order _id') }),
    body: z.looseObject({
      transactionId: z.string().describe('The payment intent id'),
      orders: z.string().optional().describe('Ignored: the old client sent the order _id here too'),
    }),
    failures: [404],
    answer: z.object({
      _id: z.string().describe('The order _id'),
      paid: z.boolean(),
      transactionId: z.string().nullable().describe('The payment intent id once paid'),
    }),
    work: async (req, _res, { caller, services }) => {
      const transactionId = JsonBody.of(req.body).optionalText('transactionId');
      if (transactionId === undefined) throw badInput('Send the payment intent id as transactionId');
      const order = await services.payments.confirm(caller, req.params.id, transactionId);
      return { _id: order.id, paid: order.paid, transactionId: order.transactionId };
    },
  },
  {
    method: 'POST',
    path: STRIPE_WEBHOOK_PATH,
    tag: 'Payments',
    summary:
      "Stripe's signed webhook (payments module); the Stripe-Signature header is the authority, not a bearer token. payment_intent.succeeded pays the order (or refunds a payment for a closed order); charge.refunded (whole) and charge.dispute.created make it Refunded. Replays change nothing",
    description:
      'The body is a Stripe event, read as the raw bytes its Stripe-Signature header signs. ' +
      '503 when Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET) or the offline test provider is in use.',
    // Stripe calls without a bearer token: the service checks the signature instead.
    access: { allow: 'public' },
    body: 'raw',
    failures: [503],
    answer: z.object({ received: z.literal(true) }),
    work: async (req, _res, { services }) => {
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) throw badInput('Missing Stripe signature or body');
      const outcome = await services.payments.handleWebhook(req.body, signature);
      req.log.info({ outcome }, 'stripe webhook');
      return { received: true };
    },
  },
];
