import type { DomainEvent } from '../../events/domain-events';
import { type NotificationsService, ProofApproved, ProofRequested, StaffProofChanges } from '../notifications';
import type { ProofPayload } from './proofs.events';

/**
 * A proof's mail to its customer: sent (or reminded of) with a link to the proof page (the guest
 * order's token for a guest), or approved, as their record; once per event (the mail's key is the event's).
 */
export async function mailProofToCustomer(notifications: NotificationsService, event: DomainEvent): Promise<void> {
  const proof = event.payload as ProofPayload;
  const shop = notifications.shopContext;
  if (event.name === 'order.proof_approved') {
    const link = notifications.orderPageLink(proof.orderId, proof.guest);
    const subject = `${shop.shopName}: engraving proof ${proof.version} approved`;
    await notifications.sendOnce(`${event.id}:proof-approved`, [proof.customer.email], subject, ProofApproved({ shop, proof, link }));
    return;
  }
  const reminder = event.name === 'order.proof_reminder';
  const link = notifications.orderPageLink(proof.orderId, proof.guest, '/proof');
  const subject = reminder
    ? `${shop.shopName}: your engraving proof is still waiting for your answer`
    : `${shop.shopName}: your engraving proof is ready`;
  await notifications.sendOnce(`${event.id}:proof`, [proof.customer.email], subject, ProofRequested({ shop, proof, link, reminder }));
}

/** Changes asked for, to the staff (STAFF_NOTIFY_EMAILS, or every admin): once per event. */
export async function mailProofChangesToStaff(notifications: NotificationsService, event: DomainEvent): Promise<void> {
  const proof = event.payload as ProofPayload;
  const to = await notifications.staffRecipients();
  if (!to.length) return;
  const subject = `Changes asked for: engraving proof ${proof.version} of ${proof.lineName}`;
  await notifications.sendOnce(
    `${event.id}:staff-proof-changes`,
    to,
    subject,
    StaffProofChanges({ shop: notifications.shopContext, proof }),
  );
}
