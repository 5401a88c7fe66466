/** The shop's money and settings as the API shows them. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { ShopResolver } from './shop.resolver';

export const shopModule = keenModule({
  name: 'shop',
  resolvers: [ShopResolver],
});

export { Money } from './money';
export type { ShopMoney } from './money';
