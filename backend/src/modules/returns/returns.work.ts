import type { DeclareWork } from '../../events/work';
import type { NotificationsService } from '../notifications';
import { mailReturnAnswer } from './returns.mails';

/** A return's answer is mailed to its customer (none with EMAILS=off); a failed send is retried by the outbox. */
export const returnsWork: DeclareWork<{ notifications: NotificationsService | null }> = ({ notifications }, config) => ({
  subscribers: notifications
    ? [
        {
          name: 'return-emails',
          events: ['return.approved', 'return.declined'],
          inOrder: true,
          handle: (event) => mailReturnAnswer(notifications, config.returns.policy, event),
        },
      ]
    : [],
});
