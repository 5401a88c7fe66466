/** Order e-mails. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { notificationsWork } from './notifications.work';

export const notificationsModule = keenModule({
  name: 'notifications',
  work: notificationsWork,
});

export type { NotificationsService } from './notifications.service';
export { GiftCardDelivered, ProofApproved, ProofRequested, ReturnAnswered, StaffProofChanges, StaffReturnRequested } from './templates';
export type { ProofMailRow } from './templates';
