import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Allow, type GraphQLContextOf } from '../auth';
import type { WebhooksService } from './webhooks.service';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { CreatedWebhookEndpoint, CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from './webhook.inputs';

type GraphQLContext = GraphQLContextOf<{ webhooks: WebhooksService }>;

@Resolver()
export class WebhooksResolver {
  @Allow({ allow: 'admin person' })
  @Query(() => [WebhookEndpoint], { description: 'Admin only: every webhook endpoint, newest first' })
  webhookEndpoints(@Ctx() { caller, services }: GraphQLContext): Promise<WebhookEndpoint[]> {
    return services.webhooks.list(caller);
  }

  @Allow({ allow: 'admin person' })
  @Query(() => [WebhookDelivery], { description: "Admin only: an endpoint's latest 100 deliveries, newest first" })
  webhookDeliveries(
    @Arg('endpointId', () => ID, { description: 'The endpoint whose deliveries to list' }) endpointId: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookDelivery[]> {
    return services.webhooks.deliveries(caller, endpointId);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => CreatedWebhookEndpoint, {
    description: 'Admin only: a new endpoint; its signing secret is in this answer and never again',
  })
  createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput, { description: 'Its URL and events' }) input: CreateWebhookEndpointInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<CreatedWebhookEndpoint> {
    return services.webhooks.create(caller, input);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => WebhookEndpoint, { description: "Admin only: changes an endpoint's URL, events or whether it is enabled" })
  updateWebhookEndpoint(
    @Arg('id', () => ID, { description: 'The endpoint to change' }) id: string,
    @Arg('input', () => UpdateWebhookEndpointInput, { description: 'What to change' }) input: UpdateWebhookEndpointInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookEndpoint> {
    return services.webhooks.update(caller, id, input);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => ID, { description: 'Admin only: removes the endpoint and its delivery log; answers the id' })
  deleteWebhookEndpoint(
    @Arg('id', () => ID, { description: 'The endpoint to remove' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<string> {
    return services.webhooks.delete(caller, id);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => WebhookEndpoint, { description: 'Admin only: ends a pause for failing; the endpoint receives new events again' })
  resumeWebhookEndpoint(
    @Arg('id', () => ID, { description: 'The endpoint to resume' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookEndpoint> {
    return services.webhooks.resume(caller, id);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => WebhookDelivery, {
    description: 'Admin only: posts a signed ping event to the endpoint now and answers its delivery; a 2xx resumes a failing endpoint',
  })
  sendTestWebhook(
    @Arg('endpointId', () => ID, { description: 'The endpoint to test' }) endpointId: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookDelivery> {
    return services.webhooks.sendTest(caller, endpointId);
  }

  @Allow({ allow: 'admin person' })
  @Mutation(() => WebhookDelivery, { description: 'Admin only: sends a delivery again, with a fresh set of retries' })
  resendWebhookDelivery(
    @Arg('id', () => ID, { description: 'The delivery to send again' }) id: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookDelivery> {
    return services.webhooks.resend(caller, id);
  }
}
