import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { Order } from '../orders/order.entity';
import { NotForKeys } from '../auth/scopes';

@ObjectType({ description: "The order's payment intent at the card payment provider" })
export class PaymentIntent {
  @Field(() => String)
  id!: string;

  @Field(() => String, { description: 'For the browser to confirm the card payment with' })
  clientSecret!: string;

  @Field(() => Int, { description: 'In cents: the order total from the database' })
  amount!: number;

  @Field(() => String)
  currency!: string;

  @Field(() => String)
  status!: string;
}

@InputType({ description: "A card for the offline test provider, which follows Stripe's test cards" })
export class TestCardInput {
  @Field(() => String)
  number!: string;

  @Field(() => Int)
  expMonth!: number;

  @Field(() => Int, { description: 'Two or four digits' })
  expYear!: number;

  @Field(() => String)
  cvc!: string;
}

@Resolver()
export class PaymentsResolver {
  @NotForKeys()
  @Mutation(() => PaymentIntent, { description: "The order's owner, while unpaid; a second call answers the same intent" })
  createPaymentIntent(@Arg('orderId', () => ID) orderId: string, @Ctx() { caller, services }: GraphQLContext): Promise<PaymentIntent> {
    return services.payments.createIntent(caller, orderId);
  }

  @NotForKeys()
  @Mutation(() => Order, { description: 'Marks the order paid once the provider confirms the intent succeeded for it' })
  confirmPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('paymentIntentId', () => String) paymentIntentId: string,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.payments.confirm(caller, orderId, paymentIntentId);
  }

  @NotForKeys()
  @Mutation(() => Order, { description: 'Offline test provider only: charges a test card and marks the order paid on success' })
  confirmTestCardPayment(
    @Arg('orderId', () => ID) orderId: string,
    @Arg('card', () => TestCardInput) card: TestCardInput,
    @Ctx() { caller, services }: GraphQLContext,
  ): Promise<Order> {
    return services.payments.confirmTestCard(caller, orderId, card);
  }
}
