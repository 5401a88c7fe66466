import { Field, InputType, ObjectType } from 'type-graphql';
import { WebhookEndpoint } from './webhook.entity';

@InputType()
export class CreateWebhookEndpointInput {
  @Field(() => String, { description: 'https:// in production (development also allows http://)' })
  url!: string;

  @Field(() => [String], { description: 'At least one of the webhook events, e.g. order.paid' })
  events!: string[];
}

@InputType()
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true })
  url?: string;

  @Field(() => [String], { nullable: true })
  events?: string[];

  @Field(() => Boolean, { nullable: true })
  enabled?: boolean;
}

@ObjectType({ description: 'A new endpoint and its signing secret: the only time the secret is shown' })
export class CreatedWebhookEndpoint {
  @Field(() => String, { description: 'whsec_...: verifies Keen-Signature; keep it safe, it is not shown again' })
  secret!: string;

  @Field(() => WebhookEndpoint)
  endpoint!: WebhookEndpoint;
}
