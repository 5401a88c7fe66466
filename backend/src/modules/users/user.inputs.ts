import { Field, InputType, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';
import { Role } from '../auth';

export enum UserSortField {
  name = 'name',
  email = 'email',
  role = 'role',
  createdAt = 'createdAt',
}
registerEnumType(UserSortField, {
  name: 'UserSortField',
  description: 'What a user list is sorted by (ties by id)',
  valuesConfig: {
    name: { description: 'Name' },
    email: { description: 'E-mail' },
    role: { description: 'Role' },
    createdAt: { description: 'When first seen: the default, oldest first' },
  },
});

@InputType({ description: 'Paging, search (name, e-mail), sort and role filter of the user list' })
export class UserListOptions extends PageOptions {
  @Field(() => UserSortField, { nullable: true, description: 'Default: createdAt, oldest first' })
  sortBy?: UserSortField;

  @Field(() => Role, { nullable: true, description: 'Only users with this role' })
  role?: Role;
}

@InputType({ description: 'The profile a new customer completes after signing up' })
export class RegisterInput {
  @Field(() => String, { description: 'Their name (required)' })
  name!: string;

  @Field(() => String, { description: 'Delivery address (required)' })
  address!: string;

  @Field(() => String, { description: 'Digits, spaces and dashes after an optional +, 5 to 20 characters' })
  phone!: string;
}

@InputType({ description: "The signed-in user's whole profile, as the profile form sends it" })
export class UpdateProfileInput {
  @Field(() => String, { description: 'Their name (required)' })
  name!: string;

  @Field(() => String, { description: 'Digits, spaces and dashes after an optional +, 5 to 20 characters' })
  phone!: string;

  @Field(() => String, { description: 'Delivery address (required)' })
  address!: string;

  @Field(() => String, { description: 'Photo URL, for example from POST /api/uploads' })
  img!: string;
}
