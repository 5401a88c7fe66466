import { codeOf, type GraphQLResponse, messageOf, type TestApp, type TestSession } from './harness';

/** The variant tests' GraphQL: a product with its options and variants, and the admin's variant mutations. */

export interface ReadValue {
  id: string;
  name: string;
  custom: boolean;
}
export interface ReadVariant {
  id: string;
  sku: string;
  name: string;
  /** In cents. */
  unitPrice: { amount: number };
  quantity: number;
  img: string;
  ownImg: string | null;
  enabled: boolean;
  options: ReadValue[];
}
export interface ReadProduct {
  id: string;
  name: string;
  /** The lowest enabled variant price, in cents. */
  priceFrom: { amount: number };
  quantity: number;
  optionGroups: {
    id: string;
    name: string;
    values: ReadValue[];
    custom: { label: string; min: number; max: number; unit: string; surchargeAmount: { amount: number } } | null;
  }[];
  variants: ReadVariant[];
}

export const PRODUCT_FIELDS = `id name priceFrom { amount } quantity
  optionGroups { id name values { id name custom } custom { label min max unit surchargeAmount { amount } } }
  variants { id sku name unitPrice { amount } quantity img ownImg enabled options { id name custom } }`;

export const SET_OPTIONS = `mutation($productId: ID!, $groups: [ProductOptionGroupInput!]!) {
  setProductOptions(productId: $productId, groups: $groups) { ${PRODUCT_FIELDS} }
}`;
export const UPDATE_VARIANT = `mutation($id: ID!, $input: ProductVariantInput!) { updateProductVariant(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`;
export const UPDATE_VARIANTS = `mutation($ids: [ID!]!, $input: ProductVariantInput!) { updateProductVariants(ids: $ids, input: $input) { ${PRODUCT_FIELDS} } }`;
export const DELETE_VARIANT = `mutation($id: ID!) { deleteProductVariant(id: $id) { ${PRODUCT_FIELDS} } }`;
export const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    id totalPrice totals { total { amount } }
    lines { product { id } variantId variantName sku customValue name img quantity unitPrice lineTotal unitAmount { amount } lineAmount { amount } }
  }
}`;

export interface OptionGroup {
  name: string;
  values: string[];
  /** `surchargeAmount` in cents. */
  custom?: { label: string; min: number; max: number; unit: string; surchargeAmount: number } | null;
}

export const contact = { phone: '+1 555 0100', address: '1 Variant Street' };

export function variantsApi(app: TestApp) {
  /** The product as an anonymous shopper reads it (through the read cache, when it is on). */
  async function read(id: string): Promise<ReadProduct> {
    const answer = await app.gql<{ product: ReadProduct }>(`query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`, { id });
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.product;
  }

  /** Sets the options, and throws unless that worked. */
  async function setOptions(as: TestSession, productId: string, groups: OptionGroup[]): Promise<ReadProduct> {
    const answer = await app.gql<{ setProductOptions: ReadProduct }>(SET_OPTIONS, { productId, groups }, as);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.setProductOptions;
  }

  async function updateVariant(as: TestSession, id: string, input: Record<string, unknown>): Promise<ReadProduct> {
    const answer = await app.gql<{ updateProductVariant: ReadProduct }>(UPDATE_VARIANT, { id, input }, as);
    if (answer.errors) throw new Error(JSON.stringify(answer.errors));
    return answer.data!.updateProductVariant;
  }

  /** A product with the options asked and, per variant in order, the price (in cents) and stock asked. */
  async function productWith(
    as: TestSession,
    groups: OptionGroup[],
    numbers: { priceAmount: number; quantity: number }[] = [],
    overrides: Parameters<TestApp['product']>[0] = {},
  ): Promise<ReadProduct> {
    const product = await app.product(overrides);
    let read = await setOptions(as, product.id, groups);
    for (const [index, wanted] of numbers.entries()) read = await updateVariant(as, read.variants[index].id, wanted);
    return read;
  }

  function place(as: TestSession, lines: Record<string, unknown>[]) {
    return app.gql<{
      placeOrder: { id: string; totalPrice: number; totals: { total: { amount: number } }; lines: Record<string, unknown>[] };
    }>(PLACE, { input: { ...contact, lines } }, as);
  }

  /** The product.updated events raised for a product so far. */
  async function updatedEvents(productId: string): Promise<number> {
    const [{ n }] = await app.db.query(
      `SELECT count(*)::int AS n FROM "outbox_event" WHERE "aggregateId" = $1 AND "name" = 'product.updated'`,
      [productId],
    );
    return n;
  }

  return { read, setOptions, updateVariant, productWith, place, updatedEvents };
}

/** The code and message of a refused answer, for `expect(refusal(answer)).toEqual([...])`. */
export const refusal = (answer: GraphQLResponse): [string | undefined, string | undefined] => [codeOf(answer), messageOf(answer)];
