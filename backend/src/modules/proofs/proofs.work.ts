import type { DeclareWork } from '../../events/work';
import type { NotificationsService } from '../notifications';
import { mailProofChangesToStaff, mailProofToCustomer } from './proofs.mails';
import type { ProofsService } from './proofs.service';

/**
 * The hourly sweep of unanswered proofs (one reminder, then PROOF_POLICY), and the proofs' mails
 * (none with EMAILS=off): to the customer when sent, reminded of or approved; to the staff when changes are asked for.
 */
export const proofsWork: DeclareWork<{ proofs: ProofsService; notifications: NotificationsService | null }> = ({
  proofs,
  notifications,
}) => ({
  recurring: [{ name: 'proofs.remind-and-apply-policy', everySeconds: 60 * 60, run: async () => void (await proofs.sweep()) }],
  subscribers: notifications
    ? [
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
      ]
    : [],
});
