import type { DeclareWork } from '../../events/work';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_EVENTS, type WebhookJob, type WebhooksService } from './webhooks.service';

/** Integrators' webhooks: each event becomes a delivery job per endpoint, retried on its own. */
export const webhooksWork: DeclareWork<{ webhooks: WebhooksService }> = ({ webhooks }, config) => ({
  subscribers: [{ name: 'webhooks', events: WEBHOOK_EVENTS, inOrder: true, handle: (event) => webhooks.enqueue(event) }],
  queues: [
    {
      name: WEBHOOK_DELIVERY_QUEUE,
      // Several deliveries at once, one per endpoint: a receiver that hangs holds one slot, not the others.
      options: {
        retries: webhooks.retries,
        retryDelaySeconds: config.webhooks.retryDelaySeconds,
        unique: true,
        expireInSeconds: 60,
        concurrency: config.webhooks.concurrency,
        laneOf: ({ endpointId }: WebhookJob) => endpointId,
      },
      handle: ({ deliveryId }: WebhookJob) => webhooks.attempt(deliveryId),
    },
  ],
});
