import { Field, InputType, ObjectType } from 'type-graphql';
import { WebhookEndpoint } from './webhook.entity';

@InputType({ description: 'A new webhook endpoint' })
export class CreateWebhookEndpointInput {
  @Field(() => String, { description: 'https:// in production (development also allows http://)' })
  url!: string;

  @Field(() => [String], { description: 'At least one of the webhook events, e.g. order.paid' })
  events!: string[];
}

@InputType({ description: 'What to change on an endpoint; absent fields stay as they are' })
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true, description: 'A new URL: https:// in production (development also allows http://)' })
  url?: string;

  @Field(() => [String], { nullable: true, description: 'The events to send from now on, at least one' })
  events?: string[];

  @Field(() => Boolean, { nullable: true, description: 'false stops deliveries until it is enabled again' })
  enabled?: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'A new endpoint and its signing secret: the only time the secret is shown' })
export class CreatedWebhookEndpoint {
  @Field(() => String, {
    description:
      'whsec_...: verifies the webhook-signature header (Standard Webhooks) and the deprecated Keen-Signature; keep it safe, it is not shown again',
  })
  secret!: string;

  @Field(() => WebhookEndpoint, { description: 'The endpoint as stored' })
  endpoint!: WebhookEndpoint;
}
