import type { Logger } from 'pino';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { pageOf, SortDirection } from '../../common/list';
import type { RateLimits } from '../../common/rate-limits';
import { isId, normalizeEmail, requireText, requireWholeNumber } from '../../common/validate';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin } from '../auth';
import { Product } from '../catalog';
import type { GuestLinks, Order, QuoteRequest } from '../orders';
import type { AdjustmentsService } from '../pricing';
import type { ShopMoney } from '../shop';
import { User } from '../users';
import { Message, MessageKind, MessagePhoto, MessageReply, MessageStatus } from './message.entity';
import { MessageListOptions, type QuoteFromMessageInput, type SendMessageInput } from './message.inputs';

/** The longest message a visitor may send. */
export const MESSAGE_MAX_LENGTH = 2000;
/** The most reference photos one message carries. */
export const MAX_MESSAGE_PHOTOS = 3;
/** The longest reply staff may write. */
export const REPLY_MAX_LENGTH = 5000;
/** The most a budget may be, in minor units: a whole number PostgreSQL's integer holds. */
const MAX_BUDGET = 2_147_483_647;

/**
 * How messages reach the uploads module without importing it (uploads lists the message photos'
 * column, so it imports this module): the app's services hand these over.
 */
export interface MessagePhotoStore {
  /**
   * Checks and stores an image as every upload is (its type from its bytes, 5 MB, the pixel cap,
   * re-encoded without metadata), its bytes counted against `allowanceKey`'s daily allowance.
   */
  store(bytes: Buffer | undefined, allowanceKey: string): Promise<{ url: string }>;
  /** Whether a URL is one of Keen's own uploads. */
  isOwnUpload(url: string): boolean;
}

/** What a private quote is made with: the checkout places it, pricing sets its price, and its payment link. */
export interface QuoteMaking {
  /** The checkout's placeQuote, handed in by app/services.ts (the checkout uses modules whose mails use this one). */
  placeQuote: (caller: Caller<User>, request: QuoteRequest) => Promise<Order>;
  adjustments: AdjustmentsService;
  links: GuestLinks;
  /** SHOP_URL: an account's order page is `{shopUrl}/orders/{id}`. */
  shopUrl: string;
}

/** The most units one quote holds. */
const MAX_QUOTE_QUANTITY = 1000;

/**
 * Contact messages: questions and commission requests from anyone (limited per client address,
 * with a honeypot against bots), the staff's list, replies (e-mailed to the sender, and kept) and
 * archiving. Nothing is ever sent to a sender on its own: their address is unverified, so only a
 * reply staff wrote goes to it (the `message.replied` event), and it carries the staff's text alone.
 */
export class MessagesService {
  constructor(
    private readonly db: DataSource,
    private readonly limits: RateLimits,
    private readonly shop: ShopMoney,
    private readonly photos: MessagePhotoStore,
    private readonly logger: Logger,
    private readonly quotes: QuoteMaking,
  ) {}

  /**
   * Sends a message. The input is checked first (a refusal counts nothing), then the client
   * address's hourly allowance is counted; a message that fills the honeypot is answered as if
   * sent and dropped, so that a bot learns nothing.
   */
  async send(caller: Caller, clientAddress: string, input: SendMessageInput): Promise<boolean> {
    const checked = checkMessage(input, (url) => this.photos.isOwnUpload(url));
    // An unknown knife is refused before the message is counted, as every bad input is.
    if (
      checked.productId !== null &&
      !(isId(checked.productId) && (await this.db.getRepository(Product).existsBy({ id: checked.productId })))
    )
      throw notFound('Product');
    await this.limits.consume('sendMessage', clientAddress);
    if (typeof input.honeypot === 'string' && input.honeypot.trim() !== '') {
      this.logger.info('contact message dropped: its hidden honeypot field was filled');
      return true;
    }
    await this.db.transaction(async (manager) => {
      const product = checked.productId ? await manager.getRepository(Product).findOneBy({ id: checked.productId }) : null;
      // Deleted since it was checked.
      if (checked.productId && !product) throw notFound('Product');
      const currency = this.shop.settings.currency;
      const saved = await manager.getRepository(Message).save(
        manager.getRepository(Message).create({
          kind: checked.kind,
          status: MessageStatus.NEW,
          name: checked.name,
          email: checked.email,
          message: checked.message,
          productId: product?.id ?? null,
          productName: product?.name ?? null,
          budgetAmount: checked.budget,
          budgetCurrency: checked.budget === null ? null : currency,
          senderId: caller.user?.id ?? null,
        }),
      );
      if (checked.photos.length) {
        await manager.getRepository(MessagePhoto).insert(checked.photos.map((url, position) => ({ messageId: saved.id, position, url })));
      }
      await raise(manager, 'message.received', saved.id, {
        messageId: saved.id,
        kind: saved.kind,
        name: saved.name,
        email: saved.email,
        message: saved.message,
        productName: saved.productName,
        budget: checked.budget === null ? null : this.shop.format(checked.budget, currency),
        photoCount: checked.photos.length,
      });
    });
    return true;
  }

  /**
   * Counts one photo against the client address's hourly allowance (three per message): call it
   * before reading the upload, as `POST /api/uploads` does.
   */
  async checkMayAttachPhoto(clientAddress: string): Promise<void> {
    await this.limits.consume('messagePhoto', clientAddress);
  }

  /** Stores a photo for a message not sent yet; its bytes count against the client address's daily upload allowance. */
  async storePhoto(clientAddress: string, bytes: Buffer | undefined): Promise<{ url: string }> {
    return this.photos.store(bytes, `address:${clientAddress}`);
  }

  async list(caller: Caller, options: MessageListOptions = new MessageListOptions()): Promise<{ items: Message[]; totalItems: number }> {
    requireAdmin(caller);
    const query = this.db.getRepository(Message).createQueryBuilder('message');
    if (options.status) query.andWhere('message.status = :status', { status: options.status });
    if (options.kind) query.andWhere('message.kind = :kind', { kind: options.kind });
    return pageOf(query, options, {
      searchColumns: ['name', 'email', 'message', 'productName'],
      defaultSort: 'createdAt',
      defaultDirection: SortDirection.DESC,
    });
  }

  async get(caller: Caller, id: unknown): Promise<Message> {
    requireAdmin(caller);
    const message = isId(id) ? await this.db.getRepository(Message).findOneBy({ id }) : null;
    if (!message) throw notFound('Message');
    return message;
  }

  /** Each message's photo URLs in order, for a whole list in one statement. */
  async photosOf(messageIds: readonly string[]): Promise<Map<string, string[]>> {
    const rows = await this.db
      .getRepository(MessagePhoto)
      .find({ where: { messageId: In([...messageIds]) }, order: { messageId: 'ASC', position: 'ASC' } });
    const photos = new Map<string, string[]>();
    for (const row of rows) photos.set(row.messageId, [...(photos.get(row.messageId) ?? []), row.url]);
    return photos;
  }

  /** Each message's replies, oldest first, for a whole list in one statement. */
  async repliesOf(messageIds: readonly string[]): Promise<Map<string, MessageReply[]>> {
    const rows = await this.db
      .getRepository(MessageReply)
      .find({ where: { messageId: In([...messageIds]) }, order: { createdAt: 'ASC', id: 'ASC' } });
    const replies = new Map<string, MessageReply[]>();
    for (const row of rows) replies.set(row.messageId, [...(replies.get(row.messageId) ?? []), row]);
    return replies;
  }

  /**
   * Staff answer a message: the reply is kept with it, the message is ANSWERED (an archived one
   * too), and the committed `message.replied` event mails the reply to the sender.
   */
  async reply(caller: Caller, id: unknown, text: unknown): Promise<Message> {
    requireAdmin(caller);
    const reply = requireText(text, 'Reply is Required', REPLY_MAX_LENGTH);
    if (!isId(id)) throw notFound('Message');
    return this.db.transaction(async (manager) => {
      const message = await manager.getRepository(Message).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!message) throw notFound('Message');
      return this.writeReply(manager, caller, message, reply);
    });
  }

  /**
   * Makes a private quote from a message (a question or a commission): an unpaid order for its
   * sender (the account whose verified e-mail is the sender's, else a guest order for their
   * address and name), its price set to `priceAmount` by a manual price adjustment, held for
   * QUOTE_HOLD_DAYS. The message keeps the order's id, and a staff reply carrying the payment link
   * (the guest order's link, or the account's order page) is mailed to the sender as every reply is.
   * Stock is taken as for any order: a variant short of units refuses the quote.
   */
  async quote(caller: Caller<User>, id: unknown, input: QuoteFromMessageInput): Promise<Message> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Message');
    const priceAmount = requireWholeNumber(input?.priceAmount, 'Price is Required', {
      min: 1,
      max: MAX_BUDGET,
      rangeMessage: 'The price must be at least 1 minor unit',
    });
    const quantity = requireWholeNumber(input.quantity ?? 1, 'Quantity is Required', {
      min: 1,
      max: MAX_QUOTE_QUANTITY,
      rangeMessage: `Quantity must be from 1 to ${MAX_QUOTE_QUANTITY}`,
    });
    const note = input.note == null || input.note.trim() === '' ? null : requireText(input.note, 'Note is Required', MESSAGE_MAX_LENGTH);
    if (input.shippingAddress == null) throw badInput('A delivery address is required for a quote');
    const message = await this.db.getRepository(Message).findOneBy({ id });
    if (!message) throw notFound('Message');
    const user = await this.db.getRepository(User).findOneBy({ email: message.email, emailVerified: true });
    const order = await this.quotes.placeQuote(caller, {
      buyer: user ? { user } : { guest: { email: message.email, name: message.name } },
      productId: input.productId,
      variantId: input.variantId ?? null,
      quantity,
      shippingAddress: input.shippingAddress,
      note: `A private quote from contact message ${message.id.slice(0, 8)}`,
      sourceKey: `quote:${message.id}`,
      price: async (manager, placed) =>
        placed.totalAmount === priceAmount
          ? placed
          : this.quotes.adjustments.adjustInPlacing(manager, caller, placed, {
              amount: priceAmount - placed.totalAmount,
              reason: 'The price of a private quote',
              label: 'Quoted price',
            }),
    });
    // A guest pays through the order's link; an account on its order's payment page (as its order mail links).
    const link = order.guestEmail ? this.quotes.links.link(order.id) : `${this.quotes.shopUrl}/dashboard/payment/${order.id}`;
    const text = [
      note,
      `Your private quote: ${order.name}${quantity > 1 ? ` × ${quantity}` : ''}, ${this.shop.format(order.totalAmount, order.currency)} in all.`,
      `Pay for it here: ${link}`,
      `It is held for you until ${order.holdEndsAt!.toISOString().slice(0, 10)}.`,
    ]
      .filter(Boolean)
      .join('\n\n');
    return this.db.transaction(async (manager) => {
      const current = await manager.getRepository(Message).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw notFound('Message');
      current.quoteOrderId = order.id;
      return this.writeReply(manager, caller, current, text);
    });
  }

  /** Keeps a staff reply with its (locked) message, which is then ANSWERED; the committed `message.replied` event mails it. */
  private async writeReply(manager: EntityManager, caller: Caller, message: Message, text: string): Promise<Message> {
    const repliedBy = caller.user?.email ?? `API key "${caller.apiKey?.name ?? 'unknown'}"`;
    const saved = await manager
      .getRepository(MessageReply)
      .save(manager.getRepository(MessageReply).create({ messageId: message.id, text, repliedBy }));
    message.status = MessageStatus.ANSWERED;
    const updated = await manager.getRepository(Message).save(message);
    await raise(manager, 'message.replied', message.id, {
      messageId: message.id,
      replyId: saved.id,
      kind: message.kind,
      to: message.email,
      text,
      sentAt: message.createdAt.toISOString(),
    });
    return updated;
  }

  /** Archives a message, or brings it back (ANSWERED once it has a reply, NEW otherwise). */
  async archive(caller: Caller, id: unknown, archived: boolean): Promise<Message> {
    requireAdmin(caller);
    if (!isId(id)) throw notFound('Message');
    return this.db.transaction(async (manager) => {
      const message = await manager.getRepository(Message).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!message) throw notFound('Message');
      const answered = await manager.getRepository(MessageReply).existsBy({ messageId: id });
      message.status = archived ? MessageStatus.ARCHIVED : answered ? MessageStatus.ANSWERED : MessageStatus.NEW;
      return manager.getRepository(Message).save(message);
    });
  }
}

interface CheckedMessage {
  kind: MessageKind;
  name: string;
  email: string;
  message: string;
  productId: string | null;
  budget: number | null;
  photos: string[];
}

/** A message's input as the service keeps it; the first rule broken is a 400 in its words. */
function checkMessage(input: SendMessageInput, isOwnUpload: (url: string) => boolean): CheckedMessage {
  const name = requireText(input.name, 'Name is Required', 120);
  if (typeof input.email !== 'string' || input.email.trim() === '') throw badInput('Email is Required');
  if (input.email.trim().length > 254) throw badInput('Email must be at most 254 characters');
  const email = normalizeEmail(input.email);
  const message = requireText(input.message, 'Message is Required', MESSAGE_MAX_LENGTH);
  const kind = input.kind ?? MessageKind.QUESTION;
  if (!Object.values(MessageKind).includes(kind)) throw badInput('kind must be QUESTION or COMMISSION');
  const budget =
    input.budget === null || input.budget === undefined
      ? null
      : requireWholeNumber(input.budget, 'Budget is Required', { min: 1, max: MAX_BUDGET, rangeMessage: 'Budget must be more than 0' });
  const photos = input.photos ?? [];
  if (photos.length > MAX_MESSAGE_PHOTOS) throw badInput(`At most ${MAX_MESSAGE_PHOTOS} photos can be sent with a message`);
  if (photos.some((url) => typeof url !== 'string' || !isOwnUpload(url)))
    throw badInput('Photos must be uploaded first (POST /api/messages/photos)');
  if (new Set(photos).size !== photos.length) throw badInput('The same photo is attached twice');
  return { kind, name, email, message, productId: input.productId ?? null, budget, photos };
}
