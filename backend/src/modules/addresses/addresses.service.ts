import { ADDRESS_BOOK_LIMIT } from '@keen/rules/address';
import { type DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { conflict, notFound } from '../../common/errors';
import { isId, parseInput } from '../../common/validate';
import { type Caller, requireUser } from '../auth';
import { Address } from './address.entity';
import { addressInput } from './address-metadata';
import type { AddressInput } from './address.inputs';

export const ADDRESS_BOOK_FULL = `Your address book holds at most ${ADDRESS_BOOK_LIMIT} addresses; delete one before adding another`;

/** How an address book lists: the default first, then the newest. */
const BOOK_ORDER = { isDefault: 'DESC', createdAt: 'DESC', id: 'DESC' } as const;

/** Customers' own address books. Only the owner reads or changes an address; another's is "not found", like a missing one. */
export class AddressesService {
  constructor(private readonly db: DataSource) {}

  /** The address books of these users, in one statement (a page of users costs one query). Callers are checked by whoever asks. */
  async booksOf(userIds: readonly string[]): Promise<Map<string, Address[]>> {
    const rows = await this.db.getRepository(Address).find({ where: { userId: In([...userIds]) }, order: BOOK_ORDER });
    const books = new Map<string, Address[]>(userIds.map((id) => [id, []]));
    for (const row of rows) books.get(row.userId)!.push(row);
    return books;
  }

  /** Adds an address to the caller's book (their first becomes the default), or changes one of theirs (with `id`). */
  async save(caller: Caller, input: AddressInput): Promise<Address> {
    const user = requireUser(caller);
    const { id, ...fields } = input;
    const address = parseInput(addressInput, fields);
    return this.inBook(user.id, async (addresses) => {
      if (id !== undefined && id !== null) {
        const saved = await this.owned(addresses, user.id, id);
        await addresses.update({ id: saved.id }, address);
        return addresses.findOneByOrFail({ id: saved.id });
      }
      const count = await addresses.countBy({ userId: user.id });
      if (count >= ADDRESS_BOOK_LIMIT) throw conflict(ADDRESS_BOOK_FULL);
      return addresses.save(addresses.create({ ...address, userId: user.id, isDefault: count === 0 }));
    });
  }

  /** Deletes one of the caller's addresses; when it was the default, their newest other address becomes the default. */
  async delete(caller: Caller, id: string): Promise<boolean> {
    const user = requireUser(caller);
    return this.inBook(user.id, async (addresses) => {
      const address = await this.owned(addresses, user.id, id);
      await addresses.delete({ id: address.id });
      if (address.isDefault) {
        const next = await addresses.findOne({ where: { userId: user.id }, order: BOOK_ORDER });
        if (next) await addresses.update({ id: next.id }, { isDefault: true });
      }
      return true;
    });
  }

  /** Makes one of the caller's addresses their default (and their former default an ordinary one). */
  async setDefault(caller: Caller, id: string): Promise<Address> {
    const user = requireUser(caller);
    return this.inBook(user.id, async (addresses) => {
      const address = await this.owned(addresses, user.id, id);
      if (!address.isDefault) {
        // In this order: the unique index allows one default per customer after every statement.
        await addresses.update({ userId: user.id, isDefault: true }, { isDefault: false });
        await addresses.update({ id: address.id }, { isDefault: true });
      }
      return addresses.findOneByOrFail({ id: address.id });
    });
  }

  /**
   * Runs `work` on one customer's book with their user row locked, so that two requests at once
   * cannot pass the size cap together or both pick a new default. NO KEY UPDATE leaves inserts
   * (which only share the key) and reads of the row free.
   */
  private inBook<T>(userId: string, work: (addresses: Repository<Address>) => Promise<T>): Promise<T> {
    return this.db.transaction(async (manager: EntityManager) => {
      await manager.query(`SELECT 1 FROM "user" WHERE "id" = $1 FOR NO KEY UPDATE`, [userId]);
      return work(manager.getRepository(Address));
    });
  }

  /** The caller's address with this id; a malformed id, a missing one and another customer's all answer the same. */
  private async owned(addresses: Repository<Address>, userId: string, id: string): Promise<Address> {
    const address = isId(id) ? await addresses.findOneBy({ id, userId }) : null;
    if (!address) throw notFound('Address');
    return address;
  }
}
