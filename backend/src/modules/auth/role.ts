import { registerEnumType } from 'type-graphql';

export enum Role {
  admin = 'admin',
  user = 'user',
}
registerEnumType(Role, {
  name: 'Role',
  description: "A person's rights in the shop",
  valuesConfig: {
    admin: { description: 'Shop staff: runs orders, products and users (needs a verified e-mail address)' },
    user: { description: 'A customer: buys, pays, reviews and sees their own orders' },
  },
});
