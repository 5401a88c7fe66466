import { z } from 'zod';
import { badInput } from '../../common/errors';
import { field, jsonBody } from '../../http-kit/body';
import { restRoute, type RestRoutes } from '../auth';
import type { PaymentsService } from './payments.service';
import { STRIPE_WEBHOOK_PATH } from './webhook-path';

/** The old client's payment calls. Any amount it sends is ignored: the order's total is used. */
const route = restRoute<{ payments: PaymentsService }>();

export const paymentsRoutes: RestRoutes<{ payments: PaymentsService }> = [
  route({
    method: 'POST',
    path: '/create-payment-intent',
    tag: 'Payments',
    summary:
      "Create (or reuse) the order's payment intent (payments module); the amount is the stored order's total, any totalPrice sent is ignored",
    access: { allow: 'signed in' },
    body: jsonBody({
      orderId: field.text().describe('The order _id (or send id)'),
      id: field.text().describe('The order _id, as the old client sent it'),
    })
      .describe('Any other field (totalPrice) is ignored')
      .transform((body, context) => {
        const orderId = body.orderId ?? body.id;
        if (orderId !== undefined) return { orderId };
        context.issues.push({ code: 'custom', message: 'Send the order id as orderId', input: body });
        return z.NEVER;
      }),
    failures: [404, 429, 503],
    answer: z.object({ clientSecret: z.string().describe('The client secret for the card field') }),
    work: async ({ body }, _res, { caller, services }) => {
      const intent = await services.payments.createIntent(caller, body.orderId);
      return { clientSecret: intent.clientSecret };
    },
  }),
  route({
    method: 'PATCH',
    path: '/orders/:id',
    tag: 'Payments',
    summary: 'Record a payment (payments module): paid only when the provider confirms the intent succeeded for this order and amount',
    access: { allow: 'signed in' },
    params: z.object({ id: z.string().describe('The order _id') }),
    body: jsonBody({
      transactionId: z
        .string({ error: (issue) => (issue.input == null ? 'Send the payment intent id as transactionId' : 'transactionId must be text') })
        .describe('The payment intent id'),
    }).describe('Any other field (orders: the old client sent the order _id there too) is ignored'),
    failures: [404],
    answer: z.object({
      _id: z.string().describe('The order _id'),
      paid: z.boolean(),
      transactionId: z.string().nullable().describe('The payment intent id once paid'),
    }),
    work: async ({ params, body }, _res, { caller, services }) => {
      const order = await services.payments.confirm(caller, params.id, body.transactionId);
      return { _id: order.id, paid: order.paid, transactionId: order.transactionId };
    },
  }),
  route({
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
    headers: z.object({ 'Stripe-Signature': z.string().optional().describe("Stripe's signature of the body") }),
    body: 'raw',
    failures: [503],
    answer: z.object({ received: z.literal(true) }),
    work: async ({ headers, body, log }, _res, { services }) => {
      const signature = headers['Stripe-Signature'];
      if (signature === undefined || body === undefined) throw badInput('Missing Stripe signature or body');
      const outcome = await services.payments.handleWebhook(body, signature);
      log.info({ outcome }, 'stripe webhook');
      return { received: true as const };
    },
  }),
];
