import { Field, InputType } from 'type-graphql';

@InputType({ description: 'A collection as an admin makes or changes it' })
export class CollectionInput {
  @Field(() => String, { description: '1 to 80 characters' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Its page is /collections/{slug}; made from the name when absent' })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 2,000 characters' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: "A picture's URL (an upload's data.url); null shows its first product's photo" })
  image?: string | null;
}
