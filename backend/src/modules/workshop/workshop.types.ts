import { EngravingPlacement } from '../catalog';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ShipWindow } from '../orders';

@ObjectType({ simpleResolvers: true, description: 'How long a product made to order takes to make, in working days' })
export class MadeToOrderDays {
  @Field(() => Int, { description: 'The fewest working days' })
  minDays!: number;

  @Field(() => Int, { description: 'The most working days' })
  maxDays!: number;
}

@ObjectType({
  simpleResolvers: true,
  description: "When an order placed now would ship: the product's own days (or the shop's handling days for stock) and the queue ahead",
})
export class LeadTime {
  @Field(() => Boolean, { description: 'Made to order (else shipped from stock)' })
  madeToOrder!: boolean;

  @Field(() => Int, { description: 'The fewest working days from today, the queue included' })
  minDays!: number;

  @Field(() => Int, { description: 'The most working days from today, the queue included' })
  maxDays!: number;

  @Field(() => String, { description: '"Made to order: ships in 4-6 weeks" or "In stock: ships in 2 days"' })
  text!: string;

  @Field(() => ShipWindow, { description: 'The dates an order placed now ships between' })
  shipWindow!: ShipWindow;
}

@ObjectType({ simpleResolvers: true, description: 'A day the workshop is closed: no working day counts it' })
export class ClosedDate {
  @Field(() => String, { description: 'YYYY-MM-DD' })
  date!: string;

  @Field(() => String, { description: 'Why (a holiday, a knife show); may be empty' })
  note!: string;
}

@ObjectType({ simpleResolvers: true, description: "The workshop's settings for lead times" })
export class WorkshopSettings {
  @Field(() => Int, { description: 'Working days an in-stock order takes to ship' })
  handlingDays!: number;

  @Field(() => Int, { nullable: true, description: 'Units of made-to-order work a week; null: the queue does not lengthen estimates' })
  capacityPerWeek!: number | null;

  @Field(() => [ClosedDate], { description: 'Closed dates from today on, earliest first' })
  closedDates!: ClosedDate[];

  @Field(() => Int, { description: 'Made-to-order units waiting now (unshipped)' })
  queuedUnits!: number;
}

@InputType({ description: "The workshop's settings as they are to be" })
export class WorkshopSettingsInputType {
  @Field(() => Int, { description: 'Working days an in-stock order takes to ship (0 to 30)' })
  handlingDays!: number;

  @Field(() => Int, { nullable: true, description: 'Units of made-to-order work a week; null for none' })
  capacityPerWeek!: number | null;
}

@ObjectType({ simpleResolvers: true, description: 'A made-to-order line waiting in the workshop' })
export class WorkshopQueueLine {
  @Field(() => ID, { description: 'The order line' })
  lineId!: string;

  @Field(() => ID, { description: 'Its order' })
  orderId!: string;

  @Field(() => String, { description: 'The product as ordered' })
  productName!: string;

  @Field(() => String, { nullable: true, description: 'The variant as ordered, its measure included' })
  variantName!: string | null;

  @Field(() => Int, { description: 'Units to make (beyond what came from stock)' })
  queuedQuantity!: number;

  @Field(() => String, { nullable: true, description: 'The engraving to cut, or null' })
  engravingText!: string | null;

  @Field(() => String, { nullable: true, description: "The engraving's font id, or null" })
  engravingFont!: string | null;

  @Field(() => EngravingPlacement, { nullable: true, description: 'Where the engraving goes, or null' })
  engravingPlacement!: EngravingPlacement | null;

  @Field(() => Number, { nullable: true, description: 'The measure of a made-to-measure line, or null' })
  customValue!: number | null;

  @Field(() => String, { description: "The buyer's name" })
  customerName!: string;

  @Field(() => ShipWindow, { description: 'The window promised (or the date the admin set since)' })
  shipBy!: ShipWindow;

  @Field(() => Boolean, { description: 'Its latest date has passed and it has not shipped' })
  overdue!: boolean;
}
