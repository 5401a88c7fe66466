import type { DataSource, EntityManager } from 'typeorm';
import { badInput, notFound } from '../../common/errors';
import { isId, requireText } from '../../common/validate';
import { addressesOf, eraseAddresses } from '../addresses';
import { type Caller, type IdentityService, requireAdminPerson, requireUser, Role } from '../auth';
import { ageChecksOf, keptAgeEvidence } from '../compliance';
import { eraseDeliveriesNaming } from '../integrations';
import { eraseMessages, messagesOf } from '../messages';
import { anonymiseOrders, openUnpaidOrderIds, type OrdersService, ordersOf } from '../orders';
import { eraseProofs, proofsOf } from '../proofs';
import { eraseReturns, returnsOf } from '../returns';
import { eraseReviews, reviewsOf } from '../reviews';
import { ERASED_NAME, erasedEmail, eraseProfile, profileOf, User } from '../users';
import { PrivacyRequest, PrivacyRequestKind } from './privacy-request.entity';
import { type DeleteMyAccountInput, type EraseCustomerInput, type ErasureReceipt, type KeptRecords, ReviewsChoice } from './privacy.types';

export const CONFIRM_EMAIL_MISMATCH = 'Type the e-mail address of your account to confirm';
export const ADMIN_NOT_ERASABLE = "An admin's account cannot be deleted: remove the admin role first";

/** Who asked: the person themselves, or an admin on their request (with the reason, kept in the log). */
type Requester = { admin: null } | { admin: User; reason: string };

/**
 * A person's own data: a copy of everything the shop holds of them (their profile, addresses, orders
 * with lines, reviews, contact messages, age checks without any date of birth, consents) and the
 * erasure of their account. Each module offers what it holds through its index; this service only
 * puts them together. docs/security.md says what an erasure keeps, why and for how long.
 */
export class PrivacyService {
  constructor(
    private readonly db: DataSource,
    private readonly identity: IdentityService,
    private readonly orders: OrdersService,
    private readonly ageEvidenceRetentionYears: number,
  ) {}

  /** The signed-in person's data, as a JSON document. */
  async exportMine(caller: Caller<User>): Promise<string> {
    const user = requireUser(caller);
    return this.exportOf(user, { admin: null });
  }

  /** An admin (signed in as themselves) exports a customer's data on their request; the reason is logged. */
  async exportCustomer(caller: Caller<User>, userId: string, reason: string): Promise<string> {
    const admin = requireAdminPerson(caller);
    const why = requireText(reason, 'Reason is Required', 500);
    return this.exportOf(await this.customer(userId), { admin, reason: why });
  }

  /** The signed-in person deletes their own account, after typing its e-mail again. */
  async deleteMine(caller: Caller<User>, input: DeleteMyAccountInput): Promise<ErasureReceipt> {
    const user = requireUser(caller);
    if ((input.confirmEmail ?? '').trim().toLowerCase() !== user.email) throw badInput(CONFIRM_EMAIL_MISMATCH);
    return this.erase(caller, user, input.reviews, { admin: null });
  }

  /** An admin (signed in as themselves) erases a customer's account on their request; the reason is logged. */
  async eraseCustomer(caller: Caller<User>, userId: string, input: EraseCustomerInput): Promise<ErasureReceipt> {
    const admin = requireAdminPerson(caller);
    const reason = requireText(input.reason, 'Reason is Required', 500);
    return this.erase(caller, await this.customer(userId), input.reviews, { admin, reason });
  }

  /** The log of requests about one person's data, newest first (admin). */
  async requestsOf(caller: Caller<User>, userId: string): Promise<PrivacyRequest[]> {
    requireAdminPerson(caller);
    if (!isId(userId)) throw notFound('User');
    return this.db.getRepository(PrivacyRequest).find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  private async customer(userId: string): Promise<User> {
    const user = isId(userId) ? await this.db.getRepository(User).findOneBy({ id: userId }) : null;
    if (!user || user.erasedAt) throw notFound('User');
    return user;
  }

  private async exportOf(user: User, by: Requester): Promise<string> {
    const data = await this.db.transaction('REPEATABLE READ', async (manager) => {
      const document = {
        exportedAt: new Date().toISOString(),
        ...profileOf(user),
        addresses: await addressesOf(manager, user.id),
        orders: await ordersOf(manager, user.id),
        reviews: await reviewsOf(manager, user.id, user.email),
        messages: await messagesOf(manager, user.id, user.email),
        returns: await returnsOf(manager, user.id),
        proofs: await proofsOf(manager, user.id),
        ageChecks: await ageChecksOf(manager, user.id),
      };
      await this.record(manager, user.id, PrivacyRequestKind.export, by);
      return document;
    });
    return JSON.stringify(data, null, 2);
  }

  /**
   * Cancels the person's unpaid orders (through the state machine, as they or the admin would), then
   * in one transaction anonymises what must be kept and erases the rest; their sign-in account goes
   * last, once the shop's records are done, so that a failure leaves them able to sign in and retry.
   */
  private async erase(caller: Caller<User>, user: User, reviewsChoice: ReviewsChoice, by: Requester): Promise<ErasureReceipt> {
    if (user.role === Role.admin) throw badInput(ADMIN_NOT_ERASABLE);
    const open = await openUnpaidOrderIds(this.db.manager, user.id);
    for (const id of open) await this.orders.cancelOrRefund(caller, id);
    const erasedAt = new Date();
    const anonymous = { name: ERASED_NAME, email: erasedEmail(user.id) };
    const receipt = await this.db.transaction(async (manager) => {
      // Before the orders lose the customer: the proofs are found by them.
      await eraseProofs(manager, user.id, user.email, anonymous.email);
      const orders = await anonymiseOrders(manager, user.id, { ...anonymous, formerEmail: user.email });
      const reviews = await eraseReviews(
        manager,
        user.id,
        user.email,
        reviewsChoice === ReviewsChoice.REMOVE ? 'remove' : 'anonymise',
        anonymous,
      );
      await eraseAddresses(manager, user.id);
      await eraseMessages(manager, user.id, user.email);
      await eraseReturns(manager, user.id);
      await eraseDeliveriesNaming(manager, user.email);
      const evidence = await keptAgeEvidence(manager, user.id, this.ageEvidenceRetentionYears);
      await eraseProfile(manager, user.id, erasedAt);
      await this.record(manager, user.id, PrivacyRequestKind.erasure, by);
      const kept: KeptRecords[] = [];
      if (orders)
        kept.push({
          what: orders === 1 ? '1 order' : `${orders} orders`,
          count: orders,
          why: 'Financial records (lines, totals, tax, payment references, the destination country) for the tax period, with your name and contact details removed',
        });
      if (evidence)
        kept.push({
          what: evidence.count === 1 ? '1 age check record' : `${evidence.count} age check records`,
          count: evidence.count,
          why: `Evidence that bladed articles were sold only after an age check, kept until ${evidence.until.toISOString().slice(0, 10)} (${this.ageEvidenceRetentionYears} years), then deleted`,
        });
      return { erasedAt, cancelledOrders: open.length, reviews, reviewsChoice, kept };
    });
    await this.deleteSignIn(user.email);
    return receipt;
  }

  /** Deletes the person's sign-in account at the identity provider (none left is fine: already gone). */
  private async deleteSignIn(email: string): Promise<void> {
    try {
      const account = await this.identity.auth.getUserByEmail(email);
      await this.identity.auth.deleteUser(account.uid);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    }
  }

  private async record(manager: EntityManager, userId: string, kind: PrivacyRequestKind, by: Requester): Promise<void> {
    await manager.getRepository(PrivacyRequest).insert({
      userId,
      kind,
      adminEmail: by.admin?.email ?? null,
      reason: by.admin ? by.reason : null,
    });
  }
}
