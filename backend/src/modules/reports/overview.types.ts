import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Product } from '../catalog/product.entity';

@ObjectType({ simpleResolvers: true, description: 'One UTC day of sales' })
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

@ObjectType({ simpleResolvers: true, description: 'Units of one product sold in the last 30 days' })
export class ProductUnits {
  @Field(() => ID, { nullable: true, description: 'The product, a UUID; null when the product has since been deleted' })
  productId!: string | null;

  @Field(() => String, {
    description: "The product's name now, or the name it was ordered under when the product has since been deleted",
  })
  name!: string;

  @Field(() => Int, { description: 'Units on the lines of orders paid in the last 30 days (by paidAt) and still Paid or Shipped' })
  units!: number;
}

@ObjectType({ simpleResolvers: true, description: "The admin dashboard's figures, aggregated by the database" })
export class Overview {
  @Field(() => [DailySales], { description: 'The last 30 days, oldest first, including days without orders' })
  days!: DailySales[];

  @Field(() => Int, { description: 'Orders Paid or Shipped' })
  paidOrders!: number;

  @Field(() => Int, { description: 'Orders awaiting payment' })
  unpaidOrders!: number;

  @Field(() => [Product], { description: 'Products at or below their minimum quantity, emptiest first' })
  lowStockProducts!: Product[];

  @Field(() => [ProductUnits], {
    description: 'Units sold per product over the same 30 days, counted from order lines: most units first, at most 10 products',
  })
  unitsByProduct!: ProductUnits[];
}
