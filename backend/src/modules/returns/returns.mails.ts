import type { DomainEvent } from '../../events/domain-events';
import { type NotificationsService, ReturnAnswered, StaffReturnRequested } from '../notifications';
import type { ReturnPayload } from './returns.events';

/**
 * A return's answer to its customer (approved with the instructions, or declined with the reason),
 * once per event however often it is delivered (the mail's key is the event's).
 */
export async function mailReturnAnswer(notifications: NotificationsService, instructions: string[], event: DomainEvent): Promise<void> {
  const row = event.payload as ReturnPayload;
  const approved = event.name === 'return.approved';
  const element = ReturnAnswered({
    shop: notifications.shopContext,
    rmaNumber: row.rmaNumber,
    orderId: row.orderId,
    name: row.customer.name,
    lines: row.lines,
    answer: approved ? { approved: true, instructions } : { approved: false, reason: row.declineReason ?? '' },
  });
  const subject = `Your return ${row.rmaNumber} was ${approved ? 'approved' : 'declined'}`;
  await notifications.sendOnce(`${event.id}:return-answer`, [row.customer.email], subject, element);
}

/** A new return, to the staff (STAFF_NOTIFY_EMAILS, or every admin): once per event. The customer's own words stay on the dashboard. */
export async function mailReturnToStaff(notifications: NotificationsService, event: DomainEvent): Promise<void> {
  const row = event.payload as ReturnPayload;
  const to = await notifications.staffRecipients();
  if (!to.length) return;
  const element = StaffReturnRequested({
    shop: notifications.shopContext,
    rmaNumber: row.rmaNumber,
    orderId: row.orderId,
    customer: row.customer,
    reason: row.reason,
    lines: row.lines,
    photoCount: row.photoCount,
  });
  await notifications.sendOnce(`${event.id}:staff-return`, to, `Return ${row.rmaNumber} requested`, element);
}
