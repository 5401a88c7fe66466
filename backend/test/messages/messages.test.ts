import sharp from 'sharp';
import { Message, MessagePhoto, MessageReply, MessageStatus } from '../../src/modules/messages';
import { apiKey } from '../support/blades';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { startSmtpCatcher } from '../support/smtp-catcher';

/**
 * Contact messages: anyone sends one (limited per client address, a honeypot, 2,000 characters),
 * staff get a mail, admins list, reply (the reply mailed and kept) and archive; everyone else is refused.
 * Every request of this file comes from 127.0.0.1, so the limits count all of them together.
 */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let app: TestApp;
let admin: TestSession;
let customer: TestSession;

const MESSAGES_AN_HOUR = 12;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Keen <shop@keen.test>',
    STAFF_NOTIFY_EMAILS: 'workshop@keen.test',
    JOB_POLL_SECONDS: '0.5',
    RATE_LIMIT_MESSAGES: String(MESSAGES_AN_HOUR),
  });
  [admin, customer] = await Promise.all([app.adminUser(), app.customer('messages')]);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const SEND = 'mutation($input: SendMessageInput!) { sendMessage(input: $input) }';
const LIST = `query($options: MessageListOptions) {
  messages(options: $options) { totalItems items { id kind status name email message productName budget { amount formatted } photos replies { text repliedBy } } }
}`;
const REPLY = 'mutation($id: ID!, $text: String!) { replyToMessage(id: $id, text: $text) { id status replies { text repliedBy } } }';
const ARCHIVE = 'mutation($id: ID!, $archived: Boolean) { archiveMessage(id: $id, archived: $archived) { id status } }';

const messageCount = () => app.db.getRepository(Message).count();

async function pngPhoto(): Promise<Blob> {
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#a63' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

/** Uploads a reference photo as an anonymous visitor. */
async function uploadPhoto(): Promise<{ status: number; body: { data?: { url: string }; message?: string } }> {
  const form = new FormData();
  form.append('image', await pngPhoto(), 'blade.png');
  const response = await fetch(`${app.url}/api/messages/photos`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { data?: { url: string }; message?: string } };
}

const request = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Visitor',
  email: 'ada@example.com',
  message: 'Could you make a gyuto with a damascus blade?',
  kind: 'COMMISSION',
  ...overrides,
});

test('an anonymous visitor sends a commission request with a photo; staff get one mail, the sender none', async () => {
  const product = await app.product({ name: `Commission Gyuto ${Date.now()}` });
  const photo = await uploadPhoto();
  expect(photo.status).toBe(200);
  const url = photo.body.data!.url;
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  // The stored photo is the re-encoded WebP, served like any upload.
  const served = await fetch(`${app.url}${url}`);
  expect(served.headers.get('content-type')).toBe('image/webp');

  const mailsBefore = smtp.mails.length;
  const sent = await app.gql(SEND, { input: request({ productId: product.id, budget: 45000, photos: [url] }) });
  expect(sent).toEqual({ data: { sendMessage: true } });

  const [staffMail] = await smtp.waitFor((mail) => mail.subject === 'New commission request from Ada Visitor');
  expect(staffMail.to).toEqual(['workshop@keen.test']);
  for (const text of ['ada@example.com', 'damascus blade', product.name, '$450.00', '1 reference photo', '/dashboard/messages/'])
    expect(staffMail.body).toContain(text);
  // Nothing goes to the sender's unverified address on its own.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(smtp.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([['workshop@keen.test']]);

  const listed = await app.gql(LIST, { options: { status: 'NEW', kind: 'COMMISSION' } }, admin);
  expect(listed.errors).toBeUndefined();
  const mine = listed.data!.messages.items.find((item: { email: string }) => item.email === 'ada@example.com');
  expect(mine).toMatchObject({
    kind: 'COMMISSION',
    status: 'NEW',
    name: 'Ada Visitor',
    productName: product.name,
    budget: { amount: 45000, formatted: '$450.00' },
    photos: [url],
    replies: [],
  });
});

test('a reply is mailed to the sender with the staff text alone, kept with the message, and later replies too', async () => {
  await app.gql(SEND, {
    input: request({ email: 'Bo@Example.com', name: 'Bo', message: 'Do you engrave in Cyrillic? SECRET-SENDER-TEXT', kind: 'QUESTION' }),
  });
  const message = await app.db.getRepository(Message).findOneByOrFail({ email: 'bo@example.com' });
  await smtp.waitFor((mail) => mail.subject === 'New question from Bo');

  const replied = await app.gql(REPLY, { id: message.id, text: '  Yes, we do: any Cyrillic text up to 24 letters.  ' }, admin);
  expect(replied.errors).toBeUndefined();
  expect(replied.data!.replyToMessage).toMatchObject({
    status: 'ANSWERED',
    replies: [{ text: 'Yes, we do: any Cyrillic text up to 24 letters.', repliedBy: admin.email }],
  });
  const [mail] = await smtp.waitFor((caught) => caught.subject === 'Re: your question to Keen');
  expect(mail.to).toEqual(['bo@example.com']);
  expect(mail.body).toContain('any Cyrillic text up to 24 letters');
  // The sender's own words are never mailed back: the address is unverified.
  expect(mail.body).not.toContain('SECRET-SENDER-TEXT');

  const second = await app.gql(REPLY, { id: message.id, text: 'We can also do Greek.' }, admin);
  expect(second.data!.replyToMessage.replies.map((reply: { text: string }) => reply.text)).toEqual([
    'Yes, we do: any Cyrillic text up to 24 letters.',
    'We can also do Greek.',
  ]);
  await smtp.waitFor((caught) => caught.subject === 'Re: your question to Keen', 2);
  expect(await app.db.getRepository(MessageReply).countBy({ messageId: message.id })).toBe(2);

  // Archived, and back: a message with replies comes back ANSWERED.
  expect((await app.gql(ARCHIVE, { id: message.id }, admin)).data!.archiveMessage.status).toBe('ARCHIVED');
  expect((await app.gql(ARCHIVE, { id: message.id, archived: false }, admin)).data!.archiveMessage.status).toBe('ANSWERED');
});

test('a filled honeypot is answered as sent and drops the message: no row, no mail', async () => {
  const before = await messageCount();
  const mailsBefore = smtp.mails.length;
  const sent = await app.gql(SEND, { input: request({ name: 'Bot', honeypot: 'http://spam.example' }) });
  expect(sent).toEqual({ data: { sendMessage: true } });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await messageCount()).toBe(before);
  expect(smtp.mails.length).toBe(mailsBefore);
});

test('bad input is a 400 that stores nothing and counts nothing', async () => {
  const before = await messageCount();
  const refusals: [Record<string, unknown>, string][] = [
    [{ name: ' ' }, 'Name is Required'],
    [{ email: 'not-an-address' }, 'A valid e-mail address is required'],
    [{ message: '' }, 'Message is Required'],
    [{ message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters'],
    [{ budget: 0 }, 'Budget must be more than 0'],
    [{ photos: ['https://elsewhere.example/a.png'] }, 'Photos must be uploaded first (POST /api/messages/photos)'],
    [
      { photos: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp', '/uploads/d.webp'] },
      'At most 3 photos can be sent with a message',
    ],
  ];
  for (const [overrides, message] of refusals) {
    const refused = await app.gql(SEND, { input: request(overrides) });
    expect([codeOf(refused), messageOf(refused)]).toEqual(['BAD_USER_INPUT', message]);
  }
  const unknownKnife = await app.gql(SEND, { input: request({ productId: '00000000-0000-4000-8000-000000000000' }) });
  expect(codeOf(unknownKnife)).toBe('NOT_FOUND');
  // Exactly 2,000 characters is taken.
  expect((await app.gql(SEND, { input: request({ message: 'y'.repeat(2000) }) })).data).toEqual({ sendMessage: true });
  expect(await messageCount()).toBe(before + 1);
});

test('anonymous callers and customers are refused listing, reading, replying and archiving; keys need messages:read or messages:write', async () => {
  const message = await app.db.getRepository(Message).findOneByOrFail({ email: 'ada@example.com' });
  const operations: [string, Record<string, unknown>][] = [
    [LIST, {}],
    ['query($id: ID!) { message(id: $id) { id } }', { id: message.id }],
    [REPLY, { id: message.id, text: 'Hello' }],
    [ARCHIVE, { id: message.id }],
  ];
  for (const [query, variables] of operations) {
    expect(codeOf(await app.gql(query, variables))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(query, variables, customer))).toBe('FORBIDDEN');
  }
  // Anonymous meets 401 before the 400 of a bad reply.
  expect(codeOf(await app.gql(REPLY, { id: message.id, text: '' }))).toBe('UNAUTHENTICATED');
  expect(messageOf(await app.gql(REPLY, { id: message.id, text: ' ' }, admin))).toBe('Reply is Required');

  const reader = await apiKey(app, admin as TestSession, ['messages:read']);
  expect((await app.gql(LIST, {}, reader)).errors).toBeUndefined();
  const readerReply = await app.gql(REPLY, { id: message.id, text: 'Hello' }, reader);
  expect([codeOf(readerReply), messageOf(readerReply)]).toEqual(['FORBIDDEN', 'This API key lacks the scope messages:write']);
  const catalogKey = await apiKey(app, admin as TestSession, ['catalog:read']);
  expect(messageOf(await app.gql(LIST, {}, catalogKey))).toBe('This API key lacks the scope messages:read');

  const writer = await apiKey(app, admin as TestSession, ['messages:write']);
  const archived = await app.gql(ARCHIVE, { id: message.id }, writer);
  expect(archived.data!.archiveMessage.status).toBe('ARCHIVED');
  // Nothing the refused callers tried changed the message.
  expect(await app.db.getRepository(MessageReply).countBy({ messageId: message.id })).toBe(0);
  expect((await app.db.getRepository(Message).findOneByOrFail({ id: message.id })).status).toBe(MessageStatus.ARCHIVED);
});

test('a photo that is not an image is refused as every upload is', async () => {
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))], { type: 'image/png' }),
    'x.png',
  );
  const response = await fetch(`${app.url}/api/messages/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ message: 'Only JPEG, PNG and WebP images can be uploaded' });
});

test('messages are limited per client address, and so are their photos', async () => {
  // Earlier tests of this file sent some from the same address: those stored and the honeypot's
  // count, the refused ones do not. Fill the hour's allowance.
  const stored = await messageCount();
  let answer = await app.gql(SEND, { input: request({ name: 'Flood' }) });
  let sent = 0;
  while (!answer.errors && sent < MESSAGES_AN_HOUR) {
    sent += 1;
    answer = await app.gql(SEND, { input: request({ name: 'Flood' }) });
  }
  expect(codeOf(answer)).toBe('RATE_LIMITED');
  expect(sent).toBe(MESSAGES_AN_HOUR - stored - 1);
  expect(await app.db.getRepository(Message).countBy({ name: 'Flood' })).toBe(sent);
  // A signed-in sender on the same address is limited too.
  expect(codeOf(await app.gql(SEND, { input: request() }, customer))).toBe('RATE_LIMITED');

  const before = await app.db.getRepository(MessagePhoto).count();
  let photo = await uploadPhoto();
  let photos = 0;
  while (photo.status === 200 && photos <= MESSAGES_AN_HOUR * 3) {
    photos += 1;
    photo = await uploadPhoto();
  }
  expect(photo.status).toBe(429);
  // Three photos per message: the first test's one, the refused one before, and these.
  expect(photos).toBe(MESSAGES_AN_HOUR * 3 - 2);
  expect(await app.db.getRepository(MessagePhoto).count()).toBe(before);
});
