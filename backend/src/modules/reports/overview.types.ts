import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Product } from '../catalog';
import { Money } from '../shop';

@ObjectType({ simpleResolvers: true, description: 'One UTC day of sales' })
export class DailySales {
  @Field(() => String, { description: 'YYYY-MM-DD (UTC)' })
  day!: string;

  @Field(() => Money, {
    description:
      'What the orders paid that day (by paidAt) and still Paid (AwaitingProof or InProduction included), Shipped, Delivered or PartiallyRefunded came to, net of their refunds',
  })
  sales!: Money;

  @Field(() => Int, { description: 'sales in whole units', deprecationReason: 'Use sales' })
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

@ObjectType({ simpleResolvers: true, description: 'Units of one variant sold in the last 30 days' })
export class VariantUnits {
  @Field(() => ID, { nullable: true, description: 'The variant, a UUID; null when it has since been deleted' })
  variantId!: string | null;

  @Field(() => String, { description: 'The product name as ordered' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'The variant as ordered, "18 cm / Walnut"; null for a product without options' })
  variantName!: string | null;

  @Field(() => String, { nullable: true, description: "The variant's SKU as ordered" })
  sku!: string | null;

  @Field(() => Int, { description: 'Units on the lines of orders paid in the last 30 days (by paidAt) and still Paid or Shipped' })
  units!: number;
}

@ObjectType({ simpleResolvers: true, description: "A variant at or below its product's minimum quantity" })
export class LowStockVariant {
  @Field(() => ID, { description: 'The variant' })
  variantId!: string;

  @Field(() => ID, { description: 'Its product' })
  productId!: string;

  @Field(() => String, { description: 'The product name' })
  name!: string;

  @Field(() => String, { description: 'The variant name; "" for a product without options' })
  variantName!: string;

  @Field(() => String, { description: 'Its SKU' })
  sku!: string;

  @Field(() => Int, { description: 'Units in stock' })
  quantity!: number;

  @Field(() => Int, { description: "Its product's minimum order quantity" })
  minimumQuantity!: number;
}

@ObjectType({ simpleResolvers: true, description: "The admin dashboard's figures, aggregated by the database" })
export class Overview {
  @Field(() => [DailySales], { description: 'The last 30 days, oldest first, including days without orders' })
  days!: DailySales[];

  @Field(() => Int, { description: 'Orders Paid or Shipped' })
  paidOrders!: number;

  @Field(() => Int, { description: 'Orders awaiting payment' })
  unpaidOrders!: number;

  @Field(() => [Product], { description: 'Products with an enabled variant at or below their minimum quantity, emptiest first' })
  lowStockProducts!: Product[];

  @Field(() => [LowStockVariant], {
    description: "Enabled variants at or below their product's minimum quantity, emptiest first; at most 100",
  })
  lowStockVariants!: LowStockVariant[];

  @Field(() => [ProductUnits], {
    description: 'Units sold per product over the same 30 days, counted from order lines: most units first, at most 10 products',
  })
  unitsByProduct!: ProductUnits[];

  @Field(() => [VariantUnits], {
    description: 'Units sold per variant over the same 30 days: most units first, at most 10 variants',
  })
  unitsByVariant!: VariantUnits[];
}
