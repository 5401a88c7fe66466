/** A person's own data: its export and the erasure of their account. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { PrivacyRequest } from './privacy-request.entity';
import { PrivacyResolver } from './privacy.resolver';

export const privacyModule = keenModule({
  name: 'privacy',
  entities: [PrivacyRequest],
  resolvers: [PrivacyResolver],
});

export type { PrivacyService } from './privacy.service';
