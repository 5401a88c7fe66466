import { ProductKind, TaxCategory } from '../../src/modules/catalog/product.entity';
import { UK } from '../support/addresses';
import type { TestApp, TestSession } from '../support/harness';

/** What the gift card tests send and read. */
export const CARD_FIELDS =
  'id code lastFour initialAmount { amount } balance { amount } disabled recipientEmail ledger { kind amount { amount } reason orderId }';
export const ISSUE = `mutation($input: IssueGiftCardInput!) { issueGiftCard(input: $input) { ${CARD_FIELDS} } }`;
export const ADJUST = `mutation($id: ID!, $input: GiftCardAdjustmentInput!) { adjustGiftCard(id: $id, input: $input) { ${CARD_FIELDS} } }`;
export const DISABLE = `mutation($id: ID!) { disableGiftCard(id: $id) { id disabled } }`;
export const BALANCE = `query($code: String!) { giftCardBalance(code: $code) { lastFour balance { amount } } }`;
export const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) {
  id state transactionId lines { tax { amount } }
  totals { subtotal { amount } shipping { amount } tax { amount } total { amount } giftCards { amount } amountDue { amount } }
  giftCardPayments { lastFour amount { amount } } } }`;

/** A card staff issue by hand for `amount` minor units; answers it with its whole code. */
export async function issueCard(app: TestApp, admin: TestSession | string, amount: number): Promise<{ id: string; code: string }> {
  const issued = await app.gql(ISSUE, { input: { amount, reason: 'test card' } }, admin);
  if (issued.errors) throw new Error(JSON.stringify(issued.errors));
  return issued.data!.issueGiftCard;
}

/** A gift card product (its one variant a $50.00 denomination), as the catalogue keeps one: no tax on it, no age rule. */
export function giftCardProduct(app: TestApp) {
  return app.product({
    name: `Gift Card ${Math.random().toString(36).slice(2, 8)}`,
    price: 50,
    kind: ProductKind.GIFT_CARD,
    taxCategory: TaxCategory.zero,
  });
}

/** An order of one unit of each product to the UK, paid partly or wholly with these cards. */
export const orderWithCards = (products: string[], giftCards: string[]) => ({
  lines: products.map((productId) => ({ productId, quantity: 1 })),
  phone: UK.phone,
  shippingAddress: UK,
  giftCards,
});

/** The sum of a card's ledger, read straight from the table. */
export async function ledgerSum(app: TestApp, giftCardId: string): Promise<number> {
  const [{ sum }] = await app.db.query(`SELECT coalesce(sum("amount"), 0)::int AS sum FROM "gift_card_ledger" WHERE "giftCardId" = $1`, [
    giftCardId,
  ]);
  return sum;
}
