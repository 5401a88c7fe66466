import type { DeclareWork } from '../../events/work';
import type { NotificationsService } from '../notifications';
import { mailReturnAnswer, mailReturnToStaff } from './returns.mails';

/** A new return is mailed to the staff, its answer to its customer (none with EMAILS=off); a failed send is retried by the outbox. */
export const returnsWork: DeclareWork<{ notifications: NotificationsService | null }> = ({ notifications }, config) => ({
  subscribers: notifications
    ? [
        {
          name: 'return-emails',
          events: ['return.approved', 'return.declined'],
          inOrder: true,
          handle: (event) => mailReturnAnswer(notifications, config.returns.policy, event),
        },
        {
          name: 'return-staff-emails',
          events: ['return.requested'],
          inOrder: false,
          handle: (event) => mailReturnToStaff(notifications, event),
        },
      ]
    : [],
});
