import { Field, Int, ObjectType } from 'type-graphql';
import { Product } from '../catalog/product.entity';

@ObjectType({ description: 'One UTC day of sales' })
export class DailySales {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' })
  day!: string;

  @Field(() => Int, {
    description: 'Sum of totalPrice of the orders paid that day (by paidAt) and still Paid or Shipped, in whole dollars',
  })
  revenue!: number;

  @Field(() => Int, { description: 'Orders placed that day, paid or not' })
  orders!: number;
}

@ObjectType({ description: "The admin dashboard's figures, aggregated by the database" })
export class Overview {
  @Field(() => [DailySales], { description: 'The last 30 days, oldest first, including days without orders' })
  days!: DailySales[];

  @Field(() => Int, { description: 'Orders Paid or Shipped' })
  paidOrders!: number;

  @Field(() => Int, { description: 'Orders awaiting payment' })
  unpaidOrders!: number;

  @Field(() => [Product], { description: 'Products at or below their minimum quantity, emptiest first' })
  lowStockProducts!: Product[];
}
