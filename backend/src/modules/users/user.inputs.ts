import { Field, InputType, registerEnumType } from 'type-graphql';
import { PageOptions } from '../../common/list';
import { Role } from './user.entity';

export enum UserSortField {
  name = 'name',
  email = 'email',
  role = 'role',
  createdAt = 'createdAt',
}
registerEnumType(UserSortField, { name: 'UserSortField' });

@InputType()
export class UserListOptions extends PageOptions {
  @Field(() => UserSortField, { nullable: true })
  sortBy?: UserSortField;

  @Field(() => Role, { nullable: true })
  role?: Role;
}

@InputType()
export class RegisterInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  address!: string;

  @Field(() => String)
  phone!: string;
}

@InputType()
export class UpdateProfileInput {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  phone!: string;

  @Field(() => String)
  address!: string;

  @Field(() => String, { description: 'Photo URL, for example from POST /api/uploads' })
  img!: string;
}
