import type { UserPayload } from '../users';
import type { DeclareWork } from '../../events/work';
import {
  CUSTOMER_MAIL_EVENTS,
  MAIL_JOB_EXPIRE_SECONDS,
  MAIL_QUEUE,
  MESSAGE_MAIL_EVENTS,
  type MailJob,
  type NotificationsService,
} from './notifications.service';

/**
 * Order and contact message e-mails (none with EMAILS=off): the mail queue, retried with backoff and
 * then dead-lettered; order events and contact messages' events become mail jobs; a verified address releases its held mails; old sent keys are pruned.
 */
export const notificationsWork: DeclareWork<{ notifications: NotificationsService | null }> = ({ notifications }, { mail }) =>
  notifications && mail
    ? {
        queues: [
          {
            name: MAIL_QUEUE,
            options: {
              retries: 8,
              retryDelaySeconds: mail.retryDelaySeconds,
              unique: true,
              expireInSeconds: MAIL_JOB_EXPIRE_SECONDS,
              concurrency: mail.concurrency,
            },
            handle: (job: MailJob) => notifications.send(job),
          },
        ],
        recurring: [{ name: 'mail.prune', everySeconds: 60 * 60, run: async () => void (await notifications.prune()) }],
        subscribers: [
          { name: 'order-emails', events: CUSTOMER_MAIL_EVENTS, inOrder: true, handle: (event) => notifications.queue(event) },
          { name: 'message-emails', events: MESSAGE_MAIL_EVENTS, inOrder: false, handle: (event) => notifications.queueMessageMail(event) },
          {
            name: 'held-order-emails',
            events: ['user.emailVerified'],
            inOrder: false,
            handle: (event) => notifications.release((event.payload as UserPayload).userId),
          },
        ],
      }
    : {};
