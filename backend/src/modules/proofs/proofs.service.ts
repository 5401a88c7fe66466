import { lineName } from '@keen/rules';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { badInput, conflict, forbidden, notFound } from '../../common/errors';
import { isId } from '../../common/validate';
import type { ProofSettings } from '../../config';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin, requireUser } from '../auth';
import { checkEngraving, Product } from '../catalog';
import { actorOf, guestActorOf, moveOrder, Order, type OrderActor, OrderLine, OrderState, recordInHistory, SYSTEM } from '../orders';
import { OrderProof, OrderProofImage, POLICY_ANSWER, ProofStatus } from './order-proof.entity';
import { proofPayload } from './proofs.events';
import type { SendOrderProofInput } from './proofs.inputs';

/** The most photos one proof carries. */
export const MAX_PROOF_IMAGES = 6;
/** The longest note staff or comment a customer writes about a proof. */
export const PROOF_TEXT_MAX_LENGTH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What proofs reach outside their module: the uploads' own URLs (uploads lists the images' column). */
export interface ProofsDependencies {
  isOwnUpload(url: string): boolean;
}

/** Who answered, as the proof and the history keep it. */
const whoOf = (actor: OrderActor): string =>
  'email' in actor ? actor.email : actor.kind === 'apiKey' ? `API key "${actor.keyName}"` : POLICY_ANSWER;

/** The line as the customer knows it ("Chef knife (18 cm / Walnut)"). */
const nameOf = (line: Pick<OrderLine, 'name' | 'variantName'>) => lineName(line.name, line.variantName);

/**
 * Engraving proofs: while a paid order is AwaitingProof, staff send a proof (photos) of each engraved
 * line whose product needs one; its customer approves it or asks for changes (and may correct the
 * engraving's text meanwhile); once every such line's latest proof is approved the order is
 * InProduction. Each step is a line of the order's history and a domain event; an hourly job
 * reminds of unanswered proofs and applies PROOF_POLICY.
 */
export class ProofsService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ProofSettings,
    private readonly deps: ProofsDependencies,
  ) {}

  /** PROOF_MAX_ROUNDS and the rest, as the shop set them. */
  get policy(): ProofSettings {
    return this.settings;
  }

  /** Each order's proofs with their photos, every round of every line, oldest first. */
  async byOrder(orderIds: readonly string[]): Promise<Map<string, OrderProof[]>> {
    const ids = orderIds.filter(isId);
    const rows = ids.length
      ? await this.db.getRepository(OrderProof).find({
          where: { orderId: In([...new Set(ids)]) },
          relations: { images: true },
          order: { sentAt: 'ASC', version: 'ASC', id: 'ASC' },
        })
      : [];
    const byOrder = new Map<string, OrderProof[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /** The rounds staff may still send for the line that has fewest left (0 when no line needs a proof). */
  roundsLeft(lines: readonly Pick<OrderLine, 'id' | 'proofRequired'>[], proofs: readonly OrderProof[]): number {
    const needing = lines.filter((line) => line.proofRequired);
    if (!needing.length) return 0;
    return Math.min(
      ...needing.map((line) => Math.max(0, this.settings.maxRounds - proofs.filter((proof) => proof.lineId === line.id).length)),
    );
  }

  /**
   * Admin (or an orders:write key): sends a proof of one engraved line while the order is AwaitingProof.
   * Refused while its latest round is open, after PROOF_MAX_ROUNDS rounds, without 1 to 6 uploaded photos.
   */
  async send(caller: Caller, input: SendOrderProofInput): Promise<Order> {
    requireAdmin(caller);
    const actor = actorOf(caller);
    if (!input || typeof input !== 'object' || !isId(input.orderId)) throw notFound('Order');
    const images = this.checkImages(input.imageUrls);
    const note = optionalText(input.note, 'The note');
    return this.db.transaction(async (manager) => {
      const order = await lockOrder(manager, input.orderId);
      if (order.state !== OrderState.AwaitingProof)
        throw forbidden('A proof can be sent only while the order is waiting for its engraving proofs');
      const line = await this.proofLine(manager, order.id, input.lineId);
      const rounds = await this.rounds(manager, line.id);
      const latest = rounds[rounds.length - 1];
      if (latest?.status === ProofStatus.Open) throw conflict(`Proof ${latest.version} of this line is still waiting for the customer`);
      if (latest?.status === ProofStatus.Approved) throw conflict('The proof of this line is already approved');
      if (rounds.length >= this.settings.maxRounds)
        throw forbidden(`This line has had its ${this.settings.maxRounds} proof rounds; contact the customer`);
      const saved = await manager.getRepository(OrderProof).save(
        manager.getRepository(OrderProof).create({
          orderId: order.id,
          lineId: line.id,
          version: rounds.length + 1,
          note,
          engravingText: line.engravingText!,
          engravingFont: line.engravingFont,
          status: ProofStatus.Open,
          sentBy: whoOf(actor),
        }),
      );
      await manager.getRepository(OrderProofImage).insert(images.map((url, position) => ({ proofId: saved.id, position, url })));
      await manager.getRepository(OrderLine).update({ id: line.id }, { proofStatus: ProofStatus.Open });
      const proof = await readProof(manager, saved.id);
      await recordInHistory(manager, order, actor, `Proof ${proof.version} of ${nameOf(line)} sent ("${proof.engravingText}")`);
      await raise(manager, 'order.proof_requested', proof.id, proofPayload(proof, order, nameOf(line)));
      return withLines(manager, order.id);
    });
  }

  /** The order's owner (or a guest by its link's token) approves the line's latest, open proof. */
  approve(caller: Caller, orderId: string, proofId: string, token?: string | null): Promise<Order> {
    return this.asOwner(caller, orderId, token, async (manager, order, actor) => {
      const { proof, line } = await this.openProof(manager, order, proofId);
      return this.approveProof(manager, order, line, proof, actor);
    });
  }

  /** The order's owner (or a guest by its link's token) asks for changes to the line's latest, open proof, with a comment. */
  requestChanges(caller: Caller, orderId: string, proofId: string, comment: string, token?: string | null): Promise<Order> {
    return this.asOwner(caller, orderId, token, async (manager, order, actor) => {
      const why = typeof comment === 'string' ? comment.trim() : '';
      if (!why) throw badInput('Say what should change in the proof');
      if (why.length > PROOF_TEXT_MAX_LENGTH) throw badInput(`The comment must be at most ${PROOF_TEXT_MAX_LENGTH} characters`);
      const { proof, line } = await this.openProof(manager, order, proofId);
      await this.answer(manager, proof, ProofStatus.ChangesRequested, actor, why);
      const answered = await readProof(manager, proof.id);
      await recordInHistory(
        manager,
        order,
        actor,
        `Changes to proof ${answered.version} of ${nameOf(line)} asked for by ${whoOf(actor)}: ${why}`,
      );
      await raise(manager, 'order.proof_changes_requested', answered.id, proofPayload(answered, order, nameOf(line)));
      return withLines(manager, order.id);
    });
  }

  /**
   * The order's owner (or a guest by its link's token) corrects an engraved line's text while its proof
   * is open or changes were asked for: checked by the product's engraving rules as at checkout; the
   * price stays. An open proof no longer shows what is wanted: it becomes ChangesRequested, so staff send the next.
   */
  correctEngraving(caller: Caller, orderId: string, lineId: string, text: string, token?: string | null): Promise<Order> {
    return this.asOwner(caller, orderId, token, async (manager, order, actor) => {
      const line = await this.proofLine(manager, order.id, lineId);
      const rounds = await this.rounds(manager, line.id);
      const latest = rounds[rounds.length - 1];
      if (!latest || latest.status === ProofStatus.Approved)
        throw forbidden('The engraving can be corrected only while its proof is open, before it is approved');
      const product = line.productId ? await manager.getRepository(Product).findOneBy({ id: line.productId }) : null;
      if (!product) throw forbidden('This product is no longer sold: its engraving cannot change');
      if (typeof text !== 'string' || text.trim() === '') throw badInput('Give the engraving text');
      const engraving = checkEngraving(product, { text, font: line.engravingFont ?? '' })!;
      const before = line.engravingText;
      if (engraving.text === before) throw badInput('The engraving already says this');
      await manager.getRepository(OrderLine).update({ id: line.id }, { engravingText: engraving.text });
      // The order's flat engraving is its first line's (kept for older clients).
      if (line.position === 0) await manager.getRepository(Order).update({ id: order.id }, { engravingText: engraving.text });
      await recordInHistory(manager, order, actor, `Engraving of ${nameOf(line)} corrected from "${before}" to "${engraving.text}"`);
      if (latest.status === ProofStatus.Open) {
        const comment = `The engraving text was corrected from "${before}" to "${engraving.text}"`;
        await this.answer(manager, latest, ProofStatus.ChangesRequested, actor, comment);
        const answered = await readProof(manager, latest.id);
        await raise(manager, 'order.proof_changes_requested', answered.id, proofPayload(answered, order, nameOf(line)));
      }
      return withLines(manager, order.id);
    });
  }

  /**
   * The hourly job: an open proof unanswered PROOF_REMINDER_DAYS gets one reminder (answers the ones
   * to remind, marked as reminded); after PROOF_POLICY_DAYS, `proceed` approves it as the shop, `wait`
   * says once in the history that the shop waits.
   */
  async sweep(now = new Date()): Promise<{ reminded: string[]; approved: string[]; waiting: string[] }> {
    const reminded = await this.db.transaction(async (manager) => {
      // An UPDATE answers [rows, count] through TypeORM.
      const [rows]: [{ id: string }[], number] = await manager.query(
        `UPDATE "order_proof" SET "reminderSentAt" = $2
          WHERE "status" = 'Open' AND "reminderSentAt" IS NULL AND "sentAt" <= $1
          RETURNING "id"`,
        [new Date(now.getTime() - this.settings.reminderDays * DAY_MS), now],
      );
      for (const { id } of rows) {
        const proof = await readProof(manager, id);
        const order = await manager.getRepository(Order).findOneByOrFail({ id: proof.orderId });
        const line = await manager.getRepository(OrderLine).findOneByOrFail({ id: proof.lineId });
        await raise(manager, 'order.proof_reminder', proof.id, proofPayload(proof, order, nameOf(line)));
      }
      return rows.map((row) => row.id);
    });
    const due: { id: string; orderId: string }[] = await this.db.query(
      `SELECT "id", "orderId" FROM "order_proof" WHERE "status" = 'Open' AND "policyAppliedAt" IS NULL AND "sentAt" <= $1 ORDER BY "sentAt"`,
      [new Date(now.getTime() - this.settings.policyDays * DAY_MS)],
    );
    const approved: string[] = [];
    const waiting: string[] = [];
    for (const { id, orderId } of due) {
      await this.db.transaction(async (manager) => {
        const order = await lockOrder(manager, orderId);
        const proof = await manager.getRepository(OrderProof).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!proof || proof.status !== ProofStatus.Open || proof.policyAppliedAt) return;
        const line = await manager.getRepository(OrderLine).findOneByOrFail({ id: proof.lineId });
        await manager.getRepository(OrderProof).update({ id }, { policyAppliedAt: now });
        if (this.settings.policy === 'proceed' && order.state === OrderState.AwaitingProof) {
          await this.approveProof(manager, order, line, proof, SYSTEM, now);
          approved.push(id);
        } else {
          const days = this.settings.policyDays;
          await recordInHistory(
            manager,
            order,
            SYSTEM,
            `Proof ${proof.version} of ${nameOf(line)} unanswered for ${days} days: the shop waits for the customer (PROOF_POLICY=wait)`,
          );
          waiting.push(id);
        }
      });
    }
    return { reminded, approved, waiting };
  }

  /**
   * After part of an order awaiting its proofs was refunded: when the lines still waiting were the
   * refunded ones, every proof left is approved and the order goes into production.
   */
  async advanceAfterRefund(orderId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (order?.state !== OrderState.AwaitingProof || !(await this.allApproved(manager, order.id))) return;
      await moveOrder(manager, order.id, OrderState.InProduction, SYSTEM, {
        note: 'Every engraving proof left is approved (the lines still waiting were refunded)',
      });
    });
  }

  /** Marks the proof approved, says so in the history, and moves the order on once every line's proof is approved. */
  private async approveProof(
    manager: EntityManager,
    order: Order,
    line: OrderLine,
    proof: OrderProof,
    actor: OrderActor,
    now?: Date,
  ): Promise<Order> {
    await this.answer(manager, proof, ProofStatus.Approved, actor, null, now);
    const answered = await readProof(manager, proof.id);
    const who = whoOf(actor);
    const note =
      who === POLICY_ANSWER
        ? `Proof ${answered.version} of ${nameOf(line)} approved by the shop's policy (PROOF_POLICY=proceed): unanswered for ${this.settings.policyDays} days`
        : `Proof ${answered.version} of ${nameOf(line)} ("${answered.engravingText}") approved by ${who} at ${answered.answeredAt!.toISOString()}`;
    await recordInHistory(manager, order, actor, note);
    if (await this.allApproved(manager, order.id)) {
      await moveOrder(manager, order.id, OrderState.InProduction, actor, { note: 'Every engraving proof is approved' });
    }
    const after = await withLines(manager, order.id);
    await raise(manager, 'order.proof_approved', answered.id, proofPayload(answered, after, nameOf(line)));
    return after;
  }

  private async answer(
    manager: EntityManager,
    proof: OrderProof,
    status: ProofStatus,
    actor: OrderActor,
    comment: string | null,
    now?: Date,
  ): Promise<void> {
    await manager
      .getRepository(OrderProof)
      .update({ id: proof.id }, { status, comment, answeredBy: whoOf(actor), answeredAt: now ?? (() => 'now()') });
    await manager.getRepository(OrderLine).update({ id: proof.lineId }, { proofStatus: status });
  }

  /** Every line that needs a proof (and is not wholly refunded) has its latest proof approved. */
  private async allApproved(manager: EntityManager, orderId: string): Promise<boolean> {
    const [{ waiting }]: [{ waiting: number }] = await manager.query(
      `SELECT count(*)::int AS "waiting" FROM "order_line" l
        WHERE l."orderId" = $1 AND l."proofRequired" AND l."refundedQuantity" < l."quantity"
          AND coalesce((SELECT p."status" FROM "order_proof" p WHERE p."lineId" = l."id" ORDER BY p."version" DESC LIMIT 1), '') <> $2`,
      [orderId, ProofStatus.Approved],
    );
    return waiting === 0;
  }

  /** Runs `work` for the order's owner: a signed-in customer of it, or a guest with its link's token (401, 403, 404 otherwise). */
  private async asOwner(
    caller: Caller,
    orderId: string,
    token: string | null | undefined,
    work: (manager: EntityManager, order: Order, actor: OrderActor) => Promise<Order>,
  ): Promise<Order> {
    // Signed out without the link's token: 401 before anything is read.
    const user = token == null ? requireUser(caller) : null;
    if (!isId(orderId)) throw notFound('Order');
    return this.db.transaction(async (manager) => {
      const order = await lockOrder(manager, orderId);
      const actor = user ? actorOf(caller) : guestActorOf(order, token);
      if (user && order.customerId !== user.id) throw forbidden('This is not your order');
      if (order.state !== OrderState.AwaitingProof)
        throw forbidden('The engraving proofs of this order can be answered only while it waits for them');
      return work(manager, order, actor);
    });
  }

  /** The line's latest proof, which must be `proofId` and open. */
  private async openProof(manager: EntityManager, order: Order, proofId: string): Promise<{ proof: OrderProof; line: OrderLine }> {
    const proof = isId(proofId) ? await manager.getRepository(OrderProof).findOneBy({ id: proofId, orderId: order.id }) : null;
    if (!proof) throw notFound('Proof');
    const rounds = await this.rounds(manager, proof.lineId);
    if (rounds[rounds.length - 1]?.id !== proof.id) throw forbidden(`Proof ${proof.version} was replaced by a newer one`);
    if (proof.status !== ProofStatus.Open)
      throw forbidden(
        proof.status === ProofStatus.Approved ? 'This proof is already approved' : 'Changes to this proof were already asked for',
      );
    const line = await manager.getRepository(OrderLine).findOneByOrFail({ id: proof.lineId });
    return { proof, line };
  }

  /** One of the order's lines that needs a proof. */
  private async proofLine(manager: EntityManager, orderId: string, lineId: string): Promise<OrderLine> {
    const line = isId(lineId) ? await manager.getRepository(OrderLine).findOneBy({ id: lineId, orderId }) : null;
    if (!line) throw notFound('Order line');
    if (!line.proofRequired || line.engravingText === null) throw badInput('This line needs no engraving proof');
    return line;
  }

  /** The line's rounds, oldest first. */
  private rounds(manager: EntityManager, lineId: string): Promise<OrderProof[]> {
    return manager.getRepository(OrderProof).find({ where: { lineId }, order: { version: 'ASC' } });
  }

  private checkImages(urls: unknown): string[] {
    if (!Array.isArray(urls) || urls.length < 1 || urls.length > MAX_PROOF_IMAGES)
      throw badInput(`A proof needs 1 to ${MAX_PROOF_IMAGES} photos`);
    if (urls.some((url) => typeof url !== 'string' || !this.deps.isOwnUpload(url)))
      throw badInput('Photos must be uploaded first (POST /api/uploads)');
    if (new Set(urls).size !== urls.length) throw badInput('The same photo is attached twice');
    return urls as string[];
  }
}

function optionalText(value: unknown, what: string): string | null {
  if (value == null) return null;
  if (typeof value !== 'string') throw badInput(`${what} must be text`);
  const text = value.trim();
  if (text.length > PROOF_TEXT_MAX_LENGTH) throw badInput(`${what} must be at most ${PROOF_TEXT_MAX_LENGTH} characters`);
  return text || null;
}

async function lockOrder(manager: EntityManager, orderId: string): Promise<Order> {
  const order = isId(orderId)
    ? await manager.getRepository(Order).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } })
    : null;
  if (!order) throw notFound('Order');
  return order;
}

function readProof(manager: EntityManager, id: string): Promise<OrderProof> {
  return manager.getRepository(OrderProof).findOneOrFail({ where: { id }, relations: { images: true } });
}

function withLines(manager: EntityManager, orderId: string): Promise<Order> {
  return manager
    .getRepository(Order)
    .findOneOrFail({ where: { id: orderId }, relations: { lines: true }, order: { lines: { position: 'ASC' } } });
}
