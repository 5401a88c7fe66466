/** API keys and webhooks. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ApiKey } from './api-key.entity';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { ApiKeysResolver } from './api-keys.resolver';
import { WebhooksResolver } from './webhooks.resolver';
import { webhooksWork } from './webhooks.work';

export const integrationsModule = keenModule({
  name: 'integrations',
  entities: [ApiKey, WebhookEndpoint, WebhookDelivery],
  resolvers: [ApiKeysResolver, WebhooksResolver],
  work: webhooksWork,
});

export { eraseDeliveriesNaming } from './integrations.privacy';
