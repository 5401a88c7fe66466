import { addWorkingDays, formatShipDate, formatShipWindow, isoDateOf, shortOrderId } from '@keen/rules';
import { Order } from '../../src/modules/orders/order.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';

/**
 * Lead times in the mails (issue 52): the order mails give the ship window as dates; an order past
 * its latest date sends the staff a mail, and the new date the admin sets sends the customer an
 * apology with it and the link to cancel for a full refund.
 */
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let admin: TestSession;
let buyer: TestSession;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    JOB_POLL_SECONDS: '0.5',
    STAFF_NOTIFY_EMAILS: 'workshop@keen.test',
  });
  admin = await app.adminUser();
  buyer = await app.verifyEmail(await app.customer('waiting'));
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

test('the order mails carry the window; a late order mails the staff, and its new date the customer an apology with a way to cancel', async () => {
  const product = await app.product({ quantity: 0, madeToOrderMinDays: 5, madeToOrderMaxDays: 10 });
  const placed = await app.placeOrder(buyer, product.id, 1);
  const id = shortOrderId(placed.id);
  const today = isoDateOf(new Date());
  const window = formatShipWindow({ earliest: addWorkingDays(today, 5), latest: addWorkingDays(today, 10) });
  const [received] = await smtp.waitFor((mail) => mail.subject === `Keen order received: #${id}`);
  expect(received.body).toContain(window);
  await app.payOrder(buyer, placed.id);
  const [receipt] = await smtp.waitFor((mail) => mail.subject === `Keen payment received: #${id}`);
  expect(receipt.body).toContain(window);

  await app.db.getRepository(Order).update({ id: placed.id }, { shipByEarliest: '2020-01-01', shipByLatest: '2020-01-10' });
  expect(await app.services.workshop.noticeLateOrders()).toBe(1);
  const [staff] = await smtp.waitFor((mail) => mail.subject === `Late order #${id}: not shipped by 2020-01-10`);
  expect(staff.to).toEqual(['workshop@keen.test']);
  expect(staff.body).toContain('was due to ship by 10 January 2020');
  expect(smtp.mails.filter((mail) => mail.to.includes(buyer.email) && mail.subject.includes('late'))).toEqual([]);

  const latest = addWorkingDays(today, 15);
  const set = await app.gql(
    `mutation($id: ID!, $latest: String!) { setOrderShipBy(orderId: $id, latest: $latest) { id } }`,
    { id: placed.id, latest },
    admin,
  );
  expect(set.errors).toBeUndefined();
  const [apology] = await smtp.waitFor((mail) => mail.subject === `Keen order #${id} is running late: our apologies`);
  expect(apology.to).toEqual([buyer.email]);
  expect(apology.body).toContain(`it ships by ${formatShipDate(latest, true)}`);
  expect(apology.body).toContain('cancel it for a full refund');
  expect(apology.body).toContain('/dashboard/myOrders');
});
