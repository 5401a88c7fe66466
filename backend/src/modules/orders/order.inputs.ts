import { Field, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';
import { Engraving } from '../catalog/engraving';
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

  @Field(() => Boolean, { nullable: true, description: 'true: only engraved orders; false: only orders without an engraving' })
  engraved?: boolean;
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

  @Field(() => Engraving, { nullable: true, description: 'Only for an engravable product; its engravingPrice is added to each unit' })
  engraving?: Engraving | null;
}
