import {
  AGE_CHECK_CONTRADICTS,
  AGE_CHECK_EMAIL_UNVERIFIED,
  AGE_CHECK_FAILED,
  AGE_DECLARATION_REQUIRED,
  AGE_VERIFIED_BY_DEFAULT,
  ageCheckRequired,
  ageVerifiedDeliveryRequired,
  bladesNotDelivered,
} from '@keen/rules';
import { bladeRuleInput, countryName } from '@keen/rules/address';
import { ageCheckInput } from '@keen/rules/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import type { AgeCheckSettings } from '../../config';
import type { RateLimits } from '../../common/rate-limits';
import { AppError, badInput, notFound } from '../../common/errors';
import { isId, normalizeEmail, parseInput, requireText } from '../../common/validate';
import type { DomainEvent } from '../../events/domain-events';
import type { AgeCheckPayload, AgeRestrictionPayload } from './compliance.events';
import { raise } from '../../events/outbox';
import { type Caller, requireAdmin, requireAdminPerson, requireUser, authorizeKey } from '../auth';
import type { User } from '../users';
import { AgeCheckStatus, AgeEvidence, AgeEvidenceKind } from './age-evidence.entity';
import { ageBracket, type AgeVerdict, type AgeVerifier } from './age-verifier';
import { contradictedBy, DAY_MS, standingOf } from './age-standing';
import { evidenceCsv } from './evidence-csv';
import { BladeHandover, BladeRule } from './blade-rule.entity';
import type { AgeDocumentInput, AgeVerification, BladeRuleInput, VerifyAgeInput } from './compliance.types';

/** A line as the rules see it: its product and whether that product is age-restricted. */
export interface ProductLine {
  productId: string;
  productName: string;
  ageRestricted: boolean;
  /** The product's own minimum age, over the destination's. */
  minimumAge: number | null;
}

/** An order as the shipping rule and its evidence see it. */
export interface ShippableOrder {
  id: string;
  customerId: string | null;
  email: string;
  ageRestricted: boolean;
  minimumAge: number | null;
  deliveryHandover: BladeHandover | null;
  country: string;
}

/** A destination's rule as it applies: the country's own, or the shop's defaults. */
export interface DestinationRule {
  country: string;
  minimumAge: number;
  allowed: boolean;
  handover: BladeHandover;
}

/** A product's age rule as a change of it is recorded. */
export interface ProductRule {
  id: string;
  name: string;
  ageRestricted: boolean;
  minimumAge: number | null;
}

/** Who takes a guest's age check: the e-mail address they gave (not verified) and where they ask from. */
export interface GuestBuyer {
  email: string;
  clientAddress: string;
}

/** Who an age check is recorded for: a customer, or a guest (no id). */
type Checked = { id: string | null; name: string; email: string; clientAddress?: string };

/** The note on a guest's evidence: the e-mail address is only what they typed. */
export const GUEST_EVIDENCE_NOTE = 'Guest checkout: the e-mail address was given, not verified';

/** What lets an age-restricted order be placed: the destination's rule, the age it needs, and the passed check that meets it. */
export interface AgeClearance {
  country: string;
  minimumAge: number;
  handover: BladeHandover;
  check: AgeEvidence;
}

/**
 * Selling blades lawfully: per-country rules for bladed articles, customers' age checks through
 * the `AgeVerifier` port, and the evidence log of every check and of every placing and shipping of
 * an age-restricted order. The orders module asks it before it places, prices delivery for and
 * ships such an order; the log's order rows follow the committed order events (compliance.work.ts).
 */
export class ComplianceService {
  constructor(
    private readonly db: DataSource,
    private readonly verifier: AgeVerifier,
    private readonly settings: AgeCheckSettings,
    private readonly limits: RateLimits,
  ) {}

  get method() {
    return this.verifier.method;
  }

  // ------------------------------------------------------------ blade rules

  async rules(caller: Caller): Promise<BladeRule[]> {
    requireAdmin(caller);
    return this.db.getRepository(BladeRule).find({ order: { country: 'ASC' } });
  }

  /** Sets (replaces) a country's rule. */
  async setRule(caller: Caller, input: BladeRuleInput): Promise<BladeRule> {
    const admin = requireAdminPerson(caller);
    const { country, minimumAge, allowed, handover } = parseInput(bladeRuleInput, input);
    const rows = this.db.getRepository(BladeRule);
    await rows.upsert(
      {
        country,
        minimumAge: minimumAge ?? this.settings.defaultMinimumAge,
        allowed,
        handover: (handover as BladeHandover | undefined) ?? defaultHandover(country),
        updatedBy: admin.email,
      },
      ['country'],
    );
    return rows.findOneByOrFail({ country });
  }

  /** Removes a country's rule: the shop's defaults apply there again. Answers the country. */
  async deleteRule(caller: Caller, country: string): Promise<string> {
    requireAdminPerson(caller);
    const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
    if (!(await this.db.getRepository(BladeRule).delete({ country: code })).affected) throw notFound('Blade rule');
    return code;
  }

  /** The rule for bladed articles sent to `country`: its own, or the shop's defaults. */
  async ruleFor(country: string, manager: EntityManager = this.db.manager): Promise<DestinationRule> {
    const row = await manager.getRepository(BladeRule).findOneBy({ country });
    return row
      ? { country, minimumAge: row.minimumAge, allowed: row.allowed, handover: row.handover }
      : { country, minimumAge: this.settings.defaultMinimumAge, allowed: true, handover: defaultHandover(country) };
  }

  /** Refuses age-restricted lines to a destination whose rule refuses blades, naming the first; the refusal lists every such product. */
  async assertDeliverable(country: string, lines: readonly ProductLine[]): Promise<DestinationRule | null> {
    const restricted = lines.filter((line) => line.ageRestricted);
    if (!restricted.length) return null;
    const rule = await this.ruleFor(country);
    if (!rule.allowed) {
      const productIds = [...new Set(restricted.map((line) => line.productId))];
      throw new AppError('BAD_USER_INPUT', bladesNotDelivered(restricted[0].productName, countryName(country)), null, { productIds });
    }
    return rule;
  }

  /**
   * Whether `customer` may order these lines to `country`: nothing to clear without an age-restricted
   * line (null); otherwise the destination must take blades, no check that fell short may hold the
   * age needed (AGE_CHECK_FAILED), and a current passed check must meet the highest minimum age of
   * the lines (the destination's, or a product's own when higher).
   */
  async clearOrder(customer: User, country: string, lines: readonly ProductLine[]): Promise<AgeClearance | null> {
    return this.clear(country, lines, async () => ({ checks: await this.checksOf(customer.id), pick: (passes) => passes[0] }));
  }

  /**
   * The same rules for a guest, whose checks are theirs by e-mail address and client address (a
   * shortfall of either locks both out): the pass must be the one the checkout names, for the
   * address given, and one no other order relied on (a guest's pass counts for one order).
   */
  async clearGuestOrder(
    guest: GuestBuyer,
    ageCheckId: string | null | undefined,
    country: string,
    lines: readonly ProductLine[],
  ): Promise<AgeClearance | null> {
    return this.clear(country, lines, async () => {
      const checks = await this.guestChecksOf(guest);
      const used = isId(ageCheckId)
        ? await this.db.query(`SELECT 1 FROM "order" WHERE "ageCheckId" = $1 AND "guestEmail" IS NOT NULL`, [ageCheckId])
        : [];
      return {
        checks,
        pick: (passes) =>
          used.length ? undefined : passes.find((check) => check.id === ageCheckId && check.customerEmail === guest.email),
      };
    });
  }

  /** `evidence` is read only for an order the rules apply to: most orders hold no age-restricted line. */
  private async clear(
    country: string,
    lines: readonly ProductLine[],
    evidence: () => Promise<{ checks: AgeEvidence[]; pick: (passes: AgeEvidence[]) => AgeEvidence | undefined }>,
  ): Promise<AgeClearance | null> {
    const rule = await this.assertDeliverable(country, lines);
    if (!rule) return null;
    const { checks, pick } = await evidence();
    const restricted = lines.filter((line) => line.ageRestricted);
    const needed = (line: ProductLine) => Math.max(rule.minimumAge, line.minimumAge ?? 0);
    const minimumAge = Math.max(...restricted.map(needed));
    const standing = standingOf(checks, this.settings.validDays);
    if (standing.locked(minimumAge)) throw ageCheckFailed();
    const check = pick(standing.passes(minimumAge));
    if (!check) {
      const unmet = restricted.find((line) => !pick(standing.passes(needed(line)))) ?? restricted[0];
      throw new AppError('AGE_CHECK_REQUIRED', ageCheckRequired(unmet.productName));
    }
    return { country, minimumAge, handover: rule.handover, check };
  }

  /**
   * Why an age-restricted order to an age-verified destination (as the order was placed, or as its
   * rule says now) may not ship without an age-verified delivery service; null when it may.
   */
  async shippingRefusal(order: ShippableOrder, ageVerifiedDelivery: boolean): Promise<string | null> {
    if (!order.ageRestricted || ageVerifiedDelivery) return null;
    const now = await this.ruleFor(order.country);
    if (order.deliveryHandover !== BladeHandover.ageVerified && now.handover !== BladeHandover.ageVerified) return null;
    return ageVerifiedDeliveryRequired(countryName(order.country));
  }

  /** A refused ship attempt as evidence, in the caller's transaction (which writes the order's history line with it). */
  async recordShippingRefusal(manager: EntityManager, order: ShippableOrder, reason: string, triedBy: string): Promise<void> {
    await manager.getRepository(AgeEvidence).insert({
      kind: AgeEvidenceKind.SHIPPING_REFUSED,
      orderId: order.id,
      customerId: order.customerId,
      customerEmail: order.email,
      country: order.country,
      minimumAge: order.minimumAge,
      handover: BladeHandover.ageVerified,
      ageVerifiedDelivery: false,
      note: `${reason} (tried by ${triedBy})`,
    });
  }

  // ------------------------------------------------------------ products' age rules

  /**
   * Inside the transaction that writes a product: a product's age rule (`ageRestricted`,
   * `minimumAge`) is set or changed only by an admin person or a compliance:write key, never by
   * catalog:write alone, and each change is a row of the log (who, before, after). `before` is null
   * for a new product, whose rule is a change unless it is the default (not restricted, no own age).
   */
  async recordProductRule(manager: EntityManager, caller: Caller, before: ProductRule | null, after: ProductRule): Promise<void> {
    const was = before ?? { ageRestricted: false, minimumAge: null };
    if (was.ageRestricted === after.ageRestricted && was.minimumAge === after.minimumAge) return;
    requireAdmin(caller);
    authorizeKey(caller, 'compliance:write');
    const by = caller.apiKey ? `API key "${caller.apiKey.name}"` : caller.user!.email;
    const change = (field: string, from: unknown, to: unknown) => (from === to ? null : `${field} ${from ?? 'none'} → ${to ?? 'none'}`);
    const changes = [
      change('ageRestricted', was.ageRestricted, after.ageRestricted),
      change('minimumAge', was.minimumAge, after.minimumAge),
    ].filter(Boolean);
    await manager.getRepository(AgeEvidence).insert({
      kind: AgeEvidenceKind.PRODUCT_RULE_CHANGED,
      productId: after.id,
      minimumAge: after.minimumAge,
      note: `${before ? 'Changed' : 'Created'} by ${by}: ${changes.join(', ')} (${after.name})`.slice(0, 500),
    });
  }

  // ------------------------------------------------------------ age checks

  /**
   * Checks the signed-in customer's age with the provider; the date of birth is forgotten once the
   * verdict is back. The provider is asked about every age the shop sells at, the highest being
   * the strict guess at what the customer's cart needs (a cart's own age, sent by the client, could
   * be sent low to re-roll a check): a pass below the highest holds the ages above for FAILURE_LOCK_HOURS.
   */
  async verifyAge(caller: Caller<User>, input: VerifyAgeInput): Promise<AgeVerification> {
    const user = requireVerifiedUser(caller);
    const { fullName, dateOfBirth, declaration } = parseInput(ageCheckInput, input);
    if (this.verifier.method === 'declared' && declaration !== true) throw badInput(AGE_DECLARATION_REQUIRED);
    const checks = await this.checksOf(user.id);
    if (standingOf(checks, this.settings.validDays).held) throw ageCheckFailed();
    // Counted where the provider (who bills every check) is about to be asked.
    await this.limits.consume('ageCheck', user.id);
    const minimumAges = await this.minimumAges();
    const verdict = await this.verifier.check({ fullName, dateOfBirth, minimumAges, at: new Date() });
    return this.record(user, fullName, verdict, checks, {
      declaration:
        this.verifier.method === 'declared'
          ? `I, ${fullName}, declare that the date of birth I gave is my own and true (signed by ${user.email})`
          : null,
    });
  }

  /**
   * A guest's age check at the checkout, by the same rules: locked out per e-mail address and per
   * client address, counted against both, and kept as evidence that names the e-mail address given,
   * marked as not verified. Its pass counts for the one order that names it (clearGuestOrder).
   */
  async verifyGuestAge(clientAddress: string, email: unknown, input: VerifyAgeInput): Promise<AgeVerification> {
    const guest = { email: normalizeEmail(email), clientAddress };
    const { fullName, dateOfBirth, declaration } = parseInput(ageCheckInput, input);
    if (this.verifier.method === 'declared' && declaration !== true) throw badInput(AGE_DECLARATION_REQUIRED);
    const checks = await this.guestChecksOf(guest);
    if (standingOf(checks, this.settings.validDays).held) throw ageCheckFailed();
    await this.limits.consume('ageCheck', `guest-address:${clientAddress}`);
    await this.limits.consume('ageCheck', `guest-email:${guest.email}`);
    const minimumAges = await this.minimumAges();
    const verdict = await this.verifier.check({ fullName, dateOfBirth, minimumAges, at: new Date() });
    // Another guest at the same address is another person: only this address's checks can contradict it.
    const own = checks.filter((check) => check.customerEmail === guest.email);
    return this.record({ id: null, name: fullName, ...guest }, fullName, verdict, own, {
      declaration:
        this.verifier.method === 'declared'
          ? `I, ${fullName}, declare that the date of birth I gave is my own and true (given with ${guest.email}, not verified)`
          : null,
    });
  }

  /** The document a NEEDS_DOCUMENT check asked for; its answer is a check of its own, with the same provider reference. */
  async submitDocument(caller: Caller<User>, input: AgeDocumentInput): Promise<AgeVerification> {
    const user = requireVerifiedUser(caller);
    const document = requireText(input?.document, 'Document is Required', 255);
    const checks = await this.checksOf(user.id);
    if (standingOf(checks, this.settings.validDays).held) throw ageCheckFailed();
    const [pending] = checks;
    if (pending?.status !== AgeCheckStatus.NEEDS_DOCUMENT || pending.method !== this.verifier.method)
      throw badInput('No age check of yours is waiting for a document');
    await this.limits.consume('ageCheck', user.id);
    const minimumAges = await this.minimumAges();
    const verdict = await this.verifier.submitDocument({ reference: pending.providerReference!, document, minimumAges });
    return this.record(user, pending.fullName!, verdict, checks, { declaration: null });
  }

  /**
   * A guest's document for their check that asked for one: the check must be theirs by the e-mail
   * address and the client address it was made from; limits and lock-out as verifyGuestAge.
   */
  async submitGuestDocument(clientAddress: string, email: unknown, input: AgeDocumentInput): Promise<AgeVerification> {
    const guest = { email: normalizeEmail(email), clientAddress };
    const document = requireText(input?.document, 'Document is Required', 255);
    const checks = await this.guestChecksOf(guest);
    if (standingOf(checks, this.settings.validDays).held) throw ageCheckFailed();
    const own = checks.filter((check) => check.customerEmail === guest.email);
    const [pending] = own;
    if (
      pending?.status !== AgeCheckStatus.NEEDS_DOCUMENT ||
      pending.method !== this.verifier.method ||
      pending.clientAddress !== clientAddress
    )
      throw badInput('No age check of yours is waiting for a document');
    await this.limits.consume('ageCheck', `guest-address:${clientAddress}`);
    await this.limits.consume('ageCheck', `guest-email:${guest.email}`);
    const minimumAges = await this.minimumAges();
    const verdict = await this.verifier.submitDocument({ reference: pending.providerReference!, document, minimumAges });
    return this.record({ id: null, name: pending.fullName!, ...guest }, pending.fullName!, verdict, own, { declaration: null });
  }

  /** The customer's latest age check (`me { ageVerification }`); null before their first. */
  async latest(caller: Caller, user: User): Promise<AgeVerification | null> {
    if (caller.user?.id !== user.id) return null;
    const [check] = await this.checksOf(user.id, 1);
    return check ? this.verification(check) : null;
  }

  /**
   * Writes the check into the evidence log and, once it has an answer, raises its event: both or
   * neither. An answer that contradicts an earlier check (`earlier`, newest first) is refused: it is
   * written as a failure that names the check it contradicts and keeps no bracket of its own.
   */
  private async record(
    user: Checked,
    fullName: string,
    verdict: AgeVerdict,
    earlier: readonly AgeEvidence[],
    { declaration }: { declaration: string | null },
  ): Promise<AgeVerification> {
    const contradicted = verdict.status === AgeCheckStatus.NEEDS_DOCUMENT ? undefined : contradictedBy(verdict, earlier, Date.now());
    const bracket = contradicted ? { ageAtLeast: null, ageBelow: null } : verdict;
    const check = await this.db.transaction(async (manager) => {
      const rows = manager.getRepository(AgeEvidence);
      const row = await rows.save(
        rows.create({
          kind: AgeEvidenceKind.CHECK,
          customerId: user.id,
          customerEmail: user.email,
          clientAddress: user.clientAddress ?? null,
          fullName,
          method: this.verifier.method,
          status: contradicted ? AgeCheckStatus.FAILED : verdict.status,
          ageBracket: ageBracket(bracket),
          ageAtLeast: bracket.ageAtLeast,
          ageBelow: bracket.ageBelow,
          providerReference: verdict.reference,
          declaration,
          checkId: contradicted?.id ?? null,
          note:
            [
              user.id === null ? GUEST_EVIDENCE_NOTE : null,
              contradicted
                ? `Contradicts check ${contradicted.id} (${contradicted.ageBracket}, ${new Date(contradicted.createdAt).toISOString()}): this one answered ${ageBracket(verdict)}`
                : null,
            ]
              .filter(Boolean)
              .join('; ') || null,
        }),
      );
      if (row.status !== AgeCheckStatus.NEEDS_DOCUMENT) {
        const name = row.status === AgeCheckStatus.PASSED ? 'order.age_check_passed' : 'order.age_check_failed';
        const payload: AgeCheckPayload = { ...checkPayload(row), customer: { id: user.id, name: user.name, email: user.email } };
        // A guest's check has no customer: its aggregate is the check itself.
        await raise(manager, name, user.id ?? row.id, payload);
      }
      return row;
    });
    if (contradicted) throw badInput(AGE_CHECK_CONTRADICTS);
    return this.verification(check);
  }

  private verification(check: AgeEvidence): AgeVerification {
    const checkedAt = new Date(check.createdAt);
    const validFor =
      check.status === AgeCheckStatus.PASSED ? this.settings.validDays * DAY_MS : check.status === AgeCheckStatus.FAILED ? DAY_MS : null;
    return {
      id: check.id,
      status: check.status!,
      method: check.method!,
      checkedAt,
      ageBracket: check.ageBracket,
      validUntil: validFor === null ? null : new Date(checkedAt.getTime() + validFor),
    };
  }

  /** A customer's checks, newest first. */
  private checksOf(customerId: string, take?: number): Promise<AgeEvidence[]> {
    return this.db.getRepository(AgeEvidence).find({
      where: { customerId, kind: AgeEvidenceKind.CHECK },
      order: { createdAt: 'DESC', id: 'DESC' },
      ...(take ? { take } : {}),
    });
  }

  /** A guest's checks, newest first: those taken signed out with their e-mail address or from their client address. */
  private guestChecksOf({ email, clientAddress }: GuestBuyer): Promise<AgeEvidence[]> {
    return this.db
      .getRepository(AgeEvidence)
      .createQueryBuilder('e')
      .where(`e."kind" = :kind AND e."customerId" IS NULL`, { kind: AgeEvidenceKind.CHECK })
      .andWhere(`(e."customerEmail" = :email OR e."clientAddress" = :clientAddress)`, { email, clientAddress })
      .orderBy('e."createdAt"', 'DESC')
      .addOrderBy('e."id"', 'DESC')
      .getMany();
  }

  /**
   * The ages a check must tell apart, ascending: the shop's default and every minimum age a rule
   * that takes blades or an age-restricted product sets (an order needs the highest of its own).
   */
  private async minimumAges(): Promise<number[]> {
    const rows: { age: number }[] = await this.db.query(
      `SELECT $1::int AS "age"
       UNION SELECT "minimumAge" FROM "blade_rule" WHERE "allowed"
       UNION SELECT "minimumAge" FROM "product" WHERE "ageRestricted" AND "minimumAge" IS NOT NULL
       ORDER BY "age"`,
      [this.settings.defaultMinimumAge],
    );
    return rows.map((row) => row.age);
  }

  // ------------------------------------------------------------ the evidence log

  /** The order's rows of the evidence log, with the check it relied on, oldest first: they outlive the order. */
  async evidenceOfOrder(caller: Caller, orderId: string): Promise<AgeEvidence[]> {
    requireAdmin(caller);
    if (!isId(orderId)) throw notFound('Order');
    return this.db
      .getRepository(AgeEvidence)
      .createQueryBuilder('e')
      .where('e."orderId" = :orderId', { orderId })
      .orWhere(`e."id" IN (SELECT p."checkId" FROM "age_evidence" p WHERE p."orderId" = :orderId)`)
      .orderBy('e."createdAt"', 'ASC')
      .addOrderBy('e."id"', 'ASC')
      .getMany();
  }

  /** Every row of the log made within the days `from` to `to` (UTC, both included), oldest first, as CSV. */
  exportEvidence(caller: Caller, range: { from?: string; to?: string }): AsyncGenerator<string> {
    requireAdmin(caller);
    return evidenceCsv(this.db, range);
  }

  /**
   * A committed order event's row of the log (an outbox subscriber): an age-restricted order placed
   * (the check it relied on, the destination's rule) or shipped (how). At least once, recorded once.
   */
  async recordOrderEvidence(event: DomainEvent<'order.placed' | 'order.shipped'>): Promise<void> {
    const order = event.payload;
    const restriction: AgeRestrictionPayload | null | undefined = order.ageRestriction;
    if (!restriction) return;
    const placed = event.name === 'order.placed';
    const check = placed ? restriction.check : null;
    await this.db
      .createQueryBuilder()
      .insert()
      .into(AgeEvidence)
      .values({
        kind: placed ? AgeEvidenceKind.ORDER_PLACED : AgeEvidenceKind.ORDER_SHIPPED,
        eventId: event.id,
        orderId: order.orderId,
        customerId: order.customer.id,
        customerEmail: order.customer.email,
        checkId: check?.checkId ?? null,
        method: (check?.method as AgeEvidence['method']) ?? null,
        status: (check?.status as AgeCheckStatus | undefined) ?? null,
        ageBracket: check?.ageBracket ?? null,
        providerReference: check?.providerReference ?? null,
        country: restriction.country,
        minimumAge: restriction.minimumAge,
        handover: restriction.handover as BladeHandover,
        ageVerifiedDelivery: placed ? null : restriction.ageVerifiedDelivery,
        note: placed ? (order.guest ? GUEST_EVIDENCE_NOTE : null) : order.note,
        createdAt: new Date(event.createdAt),
      })
      .orIgnore()
      .execute();
  }

  /** Deletes evidence older than AGE_EVIDENCE_RETENTION_YEARS (a recurring job); answers how many rows went. */
  async prune(): Promise<number> {
    const [, removed]: [unknown, number] = await this.db.query(
      `DELETE FROM "age_evidence" WHERE "createdAt" < now() - make_interval(years => $1)`,
      [this.settings.retentionYears],
    );
    return removed;
  }
}

/** GB hands blades over to verified adults unless its rule says otherwise; elsewhere, as any parcel. */
const defaultHandover = (country: string) =>
  AGE_VERIFIED_BY_DEFAULT.includes(country) ? BladeHandover.ageVerified : BladeHandover.standard;

const ageCheckFailed = () => new AppError('AGE_CHECK_FAILED', AGE_CHECK_FAILED);

/** Age checks need a signed-in customer whose token proves the e-mail address that signs their evidence. */
function requireVerifiedUser(caller: Caller<User>): User {
  const user = requireUser(caller);
  if (caller.emailVerified !== true) throw badInput(AGE_CHECK_EMAIL_UNVERIFIED);
  return user;
}

/** A check as events and order evidence carry it. */
export function checkPayload(check: AgeEvidence) {
  return {
    checkId: check.id,
    method: check.method!,
    status: check.status!,
    ageBracket: check.ageBracket,
    providerReference: check.providerReference!,
    checkedAt: new Date(check.createdAt).toISOString(),
  };
}
