import { formatShipWindow } from '@keen/rules';
import { Field, ObjectType } from 'type-graphql';

/** When something ships: working-day dates from the workshop's estimate. */
@ObjectType({ simpleResolvers: true, description: 'The dates something ships between (calendar dates, YYYY-MM-DD)' })
export class ShipWindow {
  @Field(() => String, { description: 'The first day it may ship' })
  earliest!: string;

  @Field(() => String, { description: 'The last day it is promised to ship by' })
  latest!: string;

  @Field(() => String, { description: 'How the shop writes it: "Ships between 12 and 26 January"' })
  text!: string;
}

/** The GraphQL window of two dates; null without them. */
export const shipWindowOf = (earliest: string | null, latest: string | null): ShipWindow | null =>
  earliest && latest ? { earliest, latest, text: formatShipWindow({ earliest, latest }) } : null;
