import { Field, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';
import { OrderState, OrderStatus } from './order.entity';

export enum OrderSortField {
  createdAt = 'createdAt',
  totalPrice = 'totalPrice',
  quantity = 'quantity',
  /** The derived status sorts as state does: pending states before Shipped. */
  status = 'status',
  state = 'state',
  name = 'name',
  email = 'email',
}
registerEnumType(OrderSortField, { name: 'OrderSortField' });

@InputType()
export class OrderListOptions extends PageOptions {
  @Field(() => OrderSortField, { nullable: true })
  sortBy?: OrderSortField;

  @Field(() => OrderState, { nullable: true })
  state?: OrderState;

  @Field(() => OrderStatus, { nullable: true, description: 'Derived from state; prefer the state filter' })
  status?: OrderStatus;

  @Field(() => Boolean, { nullable: true })
  paid?: boolean;
}

@InputType()
export class PlaceOrderInput {
  @Field(() => ID)
  productId!: string;

  @Field(() => Int, { nullable: true, description: "Whole units, from the product's minimumQuantity up to its stock" })
  quantity?: number | null;

  @Field(() => String)
  phone!: string;

  @Field(() => String)
  address!: string;
}
