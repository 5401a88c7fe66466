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
export class OrderLineInput {
  @Field(() => ID)
  productId!: string;

  @Field(() => Int, { description: "Whole units, from the product's minimumQuantity up to its stock" })
  quantity!: number;

  @Field(() => Engraving, { nullable: true, description: 'Only for an engravable product; its engravingPrice is added to each unit' })
  engraving?: Engraving | null;
}

@InputType({ description: 'Either lines, or the older single-product fields (productId, quantity, engraving); not both' })
export class PlaceOrderInput {
  @Field(() => [OrderLineInput], {
    nullable: true,
    description: 'One to 20 lines; one product appears twice only with different engravings',
  })
  lines?: OrderLineInput[] | null;

  @Field(() => ID, { nullable: true, deprecationReason: 'Use lines' })
  productId?: string | null;

  @Field(() => Int, { nullable: true, deprecationReason: 'Use lines' })
  quantity?: number | null;

  @Field(() => String)
  phone!: string;

  @Field(() => String)
  address!: string;

  @Field(() => Engraving, { nullable: true, deprecationReason: 'Use lines' })
  engraving?: Engraving | null;
}

@InputType({ description: 'What the admin knows of the parcel when shipping; both optional' })
export class ShipmentTrackingInput {
  @Field(() => String, { nullable: true, description: 'At most 60 characters, e.g. DHL' })
  carrier?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  number?: string | null;
}
