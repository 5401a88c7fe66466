import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { type GraphQLContextOf, Allow } from '../auth';
import type { PaymentsService } from './payments.service';
import { Order } from '../orders';
import { keyOfRequest } from '../idempotency';

type GraphQLContext = GraphQLContextOf<{ payments: PaymentsService }>;

@ObjectType({ simpleResolvers: true, description: "The order's payment intent at the card payment provider" })
export class PaymentIntent {
  @Field(() => String, { description: "The provider's intent id (pi_...)" })
  id!: string;

  @Field(() => String, { description: 'For the browser to confirm the card payment with' })
  clientSecret!: string;

  @Field(() => Int, { description: 'In cents: the order total from the database' })
  amount!: number;

  @Field(() => String, { description: 'ISO 4217 code in lower case, e.g. usd' })
  currency!: string;

  @Field(() => String, { description: "Stripe's intent status, e.g. requires_payment_method or succeeded" })
  status!: string;
}

@InputType({ description: "A card for the offline test provider, which follows Stripe's test cards" })
export class TestCardInput {
  @Field(() => String, { description: 'The card number, e.g. 4242424242424242 (succeeds) or 4000000000000002 (declined)' })
  number!: string;

  @Field(() => Int, { description: '1 to 12' })
  expMonth!: number;

  @Field(() => Int, { description: 'Two or four digits' })
  expYear!: number;

  @Field(() => String, { description: 'Three or four digits' })
  cvc!: string;
}

@Resolver()
export class PaymentsResolver {
  @Allow({ allow: 'public' })
  @Mutation(() => PaymentIntent, {
    description:
      "The order's owner (signed in, or a guest by its link's token), while unpaid; a second call answers the same intent. An Idempotency-Key header works as idempotencyKey",
  })
  createPaymentIntent(
    @Arg('orderId', () => ID, { description: 'The unpaid order to pay' }) orderId: string,
    @Arg('idempotencyKey', () => String, {
      nullable: true,
      description: 'One key per payment attempt (1 to 255 printable characters): a retry with it within 24 hours answers the first intent',
    })
    idempotencyKey: string | null | undefined,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services, idempotencyKey: header }: GraphQLContext,
  ): Promise<PaymentIntent> {
    return services.payments.createIntent(caller, orderId, keyOfRequest(idempotencyKey, header), token);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description: "Marks the order paid once the provider confirms the intent succeeded for it (its owner, or a guest by its link's token)",
  })
  confirmPayment(
    @Arg('orderId', () => ID, { description: 'The order paid for' }) orderId: string,
    @Arg('paymentIntentId', () => String, { description: "The intent's id, from createPaymentIntent" }) paymentIntentId: string,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.payments.confirm(caller, orderId, paymentIntentId, token);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description:
      'Offline test provider only: charges a test card and marks the order paid on success. An order answered unpaid awaits ' +
      "the card's authentication (4000 0027 6000 3184): completeTestPaymentAuthentication answers it",
  })
  confirmTestCardPayment(
    @Arg('orderId', () => ID, { description: 'The order to pay' }) orderId: string,
    @Arg('card', () => TestCardInput, { description: 'A test card' }) card: TestCardInput,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.payments.confirmTestCard(caller, orderId, card, token);
  }

  @Allow({ allow: 'public' })
  @Mutation(() => Order, {
    description:
      "Offline test provider only, while the order's payment awaits authentication: the customer's answer on the test " +
      "authentication page. Complete marks the order paid; Fail leaves it unpaid and answers Stripe's message",
  })
  completeTestPaymentAuthentication(
    @Arg('orderId', () => ID, { description: 'The order being paid' }) orderId: string,
    @Arg('succeed', () => Boolean, { description: 'True for Complete, false for Fail' }) succeed: boolean,
    @Arg('token', () => String, {
      nullable: true,
      description: "A guest order's link token, for a guest signed out (404 when it is not the order's)",
    })
    token: string | null | undefined,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.payments.completeTestAuthentication(caller, orderId, succeed, token);
  }
}
