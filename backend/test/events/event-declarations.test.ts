import { WEBHOOK_EVENTS } from '@keen/rules';
import { APP_MODULES, DOMAIN_EVENTS, PUBLIC_ANSWER_EVENTS } from '../../src/app/services';

test('each domain event is declared by one module, and every event a webhook may receive is among them', () => {
  const names = DOMAIN_EVENTS.map(([name]) => name);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toEqual(expect.arrayContaining([...WEBHOOK_EVENTS, 'review.added', 'collection.changed', 'user.roleChanged']));
  const declaring = (name: string) => APP_MODULES.filter((module) => module.events && name in module.events).map((module) => module.name);
  expect(declaring('order.placed')).toEqual(['orders']);
  expect(declaring('order.age_check_passed')).toEqual(['compliance']);
  expect(declaring('product.updated')).toEqual(['catalog']);
});

test('the read cache forgets on the events that may change a public answer, never on a private one', () => {
  expect(PUBLIC_ANSWER_EVENTS).toEqual(expect.arrayContaining(['product.updated', 'order.placed', 'review.added', 'collection.changed']));
  const privateOnes = DOMAIN_EVENTS.map(([name]) => name).filter((name) => !PUBLIC_ANSWER_EVENTS.includes(name));
  expect(privateOnes.sort()).toEqual([
    'gift_card.issued',
    'gift_card.redeemed',
    'message.received',
    'message.replied',
    'order.age_check_failed',
    'order.age_check_passed',
    'order.late',
    'order.proof_approved',
    'order.proof_changes_requested',
    'order.proof_reminder',
    'order.proof_requested',
    'order.ship_date_changed',
    'refund.created',
    'return.approved',
    'return.declined',
    'return.received',
    'return.refunded',
    'return.requested',
    'user.emailVerified',
  ]);
});
