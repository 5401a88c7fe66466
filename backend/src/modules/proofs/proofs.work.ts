import type { Subscriber } from '../../events/outbox';
import type { DeclareWork } from '../../events/work';
import type { NotificationsService } from '../notifications';
import { mailProofChangesToStaff, mailProofToCustomer } from './proofs.mails';
import type { ProofsService } from './proofs.service';

/** The proofs' mails: to the customer when sent, reminded of or approved; to the staff when changes are asked for. */
const proofMails = (notifications: NotificationsService): Subscriber[] => [
  {
    name: 'proof-emails',
    events: ['order.proof_requested', 'order.proof_reminder', 'order.proof_approved'],
    inOrder: true,
    handle: (event) => mailProofToCustomer(notifications, event),
  },
  {
    name: 'proof-staff-emails',
    events: ['order.proof_changes_requested'],
    inOrder: false,
    handle: (event) => mailProofChangesToStaff(notifications, event),
  },
];

/**
 * The hourly sweep of unanswered proofs (one reminder, then PROOF_POLICY); an order whose lines still
 * waiting for a proof were refunded goes into production; the proofs' mails (none with EMAILS=off).
 */
export const proofsWork: DeclareWork<{ proofs: ProofsService; notifications: NotificationsService | null }> = ({
  proofs,
  notifications,
}) => ({
  recurring: [{ name: 'proofs.remind-and-apply-policy', everySeconds: 60 * 60, run: async () => void (await proofs.sweep()) }],
  subscribers: [
    {
      name: 'proofs-after-refund',
      events: ['order.partially_refunded'],
      inOrder: true,
      handle: (event) => proofs.advanceAfterRefund(event.aggregateId),
    },
    ...(notifications ? proofMails(notifications) : []),
  ],
});
