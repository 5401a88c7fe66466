import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { NotForKeys } from '../auth/scopes';
import type { GraphQLContext } from '../context';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entity';
import { CreatedWebhookEndpoint, CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from './webhook.inputs';

@Resolver()
export class WebhooksResolver {
  @NotForKeys()
  @Query(() => [WebhookEndpoint], { description: 'Admin only: every webhook endpoint, newest first' })
  webhookEndpoints(@Ctx() { caller, services }: GraphQLContext): Promise<WebhookEndpoint[]> {
    return services.webhooks.list(caller);
  }

  @NotForKeys()
  @Query(() => [WebhookDelivery], { description: "Admin only: an endpoint's latest 100 deliveries, newest first" })
  webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookDelivery[]> {
    return services.webhooks.deliveries(caller, endpointId);
  }

  @NotForKeys()
  @Mutation(() => CreatedWebhookEndpoint, {
    description: 'Admin only: a new endpoint; its signing secret is in this answer and never again',
  })
  createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<CreatedWebhookEndpoint> {
    return services.webhooks.create(caller, input);
  }

  @NotForKeys()
  @Mutation(() => WebhookEndpoint, { description: "Admin only: changes an endpoint's URL, events or whether it is enabled" })
  updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<WebhookEndpoint> {
    return services.webhooks.update(caller, id, input);
  }

  @NotForKeys()
  @Mutation(() => ID, { description: 'Admin only: removes the endpoint and its delivery log; answers the id' })
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<string> {
    return services.webhooks.delete(caller, id);
  }

  @NotForKeys()
  @Mutation(() => WebhookDelivery, { description: 'Admin only: sends a delivery again, with a fresh set of retries' })
  resendWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() { caller, services }: GraphQLContext): Promise<WebhookDelivery> {
    return services.webhooks.resend(caller, id);
  }
}
