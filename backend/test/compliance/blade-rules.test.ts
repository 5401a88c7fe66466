import { AgeEvidence, AgeEvidenceKind } from '../../src/modules/compliance/age-evidence.entity';
import { BladeRule } from '../../src/modules/compliance/blade-rule.entity';
import { Product } from '../../src/modules/catalog/product.entity';
import { restClient } from '../support/rest-client';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';
import { FR, UK, US } from '../support/addresses';
import { apiKey, OPTIONS, SET_RULE, setUpZones } from '../support/blades';

let app: TestApp;
let admin: TestSession;
let shopper: TestSession;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminUser();
  shopper = await app.customer('blade-rules');
  await setUpZones(app, admin);
});
afterAll(() => app.close());

const RULES = '{ bladeRules { country minimumAge allowed handover } }';
const DELETE_RULE = 'mutation($country: String!) { deleteBladeRule(country: $country) }';
const PRODUCT_FIELDS = 'id name ageRestricted minimumAge';

describe('per-country rules', () => {
  test('who may read and set them: anonymous is UNAUTHENTICATED before its input is read, customers and keys are refused', async () => {
    const bad = { input: { country: 'XX', allowed: true, minimumAge: 3 } };
    expect(codeOf(await app.gql(SET_RULE, bad))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(SET_RULE, bad, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(RULES))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(RULES, {}, shopper))).toBe('FORBIDDEN');
    expect(codeOf(await app.gql(DELETE_RULE, { country: 'GB' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await app.gql(DELETE_RULE, { country: 'GB' }, shopper))).toBe('FORBIDDEN');

    const compliance = await apiKey(app, admin, ['compliance:read']);
    const catalog = await apiKey(app, admin, ['catalog:read', 'catalog:write', 'orders:write']);
    // Setting a rule is an admin person's: no key, whatever its scopes.
    const byKey = await app.gql(SET_RULE, { input: { country: 'GB', allowed: true } }, compliance);
    expect(codeOf(byKey)).toBe('FORBIDDEN');
    expect(messageOf(byKey)).toBe('API keys cannot do this: it needs a signed-in person');
    expect(codeOf(await app.gql(DELETE_RULE, { country: 'GB' }, compliance))).toBe('FORBIDDEN');
    expect(messageOf(await app.gql(RULES, {}, catalog))).toBe('This API key lacks the scope compliance:read');
    expect((await app.gql(RULES, {}, compliance)).errors).toBeUndefined();
    expect(await app.db.getRepository(BladeRule).count()).toBe(0);
  });

  test("defaults: the shop's minimum age, and an age-verified handover for the UK only; a rule is replaced, and removed", async () => {
    const uk = await app.gql(SET_RULE, { input: { country: 'gb', allowed: true } }, admin);
    expect(uk.data!.setBladeRule).toMatchObject({
      country: 'GB',
      minimumAge: 18,
      allowed: true,
      handover: 'ageVerified',
      updatedBy: admin.email,
    });
    const de = await app.gql(SET_RULE, { input: { country: 'DE', allowed: true, minimumAge: 21 } }, admin);
    expect(de.data!.setBladeRule).toMatchObject({ country: 'DE', minimumAge: 21, handover: 'standard' });
    const replaced = await app.gql(SET_RULE, { input: { country: 'DE', allowed: true, minimumAge: 18, handover: 'ageVerified' } }, admin);
    expect(replaced.data!.setBladeRule).toMatchObject({ minimumAge: 18, handover: 'ageVerified' });
    expect((await app.gql(RULES, {}, admin)).data!.bladeRules).toEqual([
      { country: 'DE', minimumAge: 18, allowed: true, handover: 'ageVerified' },
      { country: 'GB', minimumAge: 18, allowed: true, handover: 'ageVerified' },
    ]);
    expect((await app.gql(DELETE_RULE, { country: 'de' }, admin)).data!.deleteBladeRule).toBe('DE');
    const again = await app.gql(DELETE_RULE, { country: 'DE' }, admin);
    expect([codeOf(again), messageOf(again)]).toEqual(['NOT_FOUND', 'Blade rule not found']);
  });

  test('a bad rule is refused in the shared schema’s words and changes nothing', async () => {
    const before = await app.db.getRepository(BladeRule).find({ order: { country: 'ASC' } });
    const refusal = async (input: Record<string, unknown>) => messageOf(await app.gql(SET_RULE, { input }, admin));
    expect(await refusal({ country: 'XX', allowed: true })).toBe('XX is not a country code (ISO 3166-1 alpha-2, such as US or GB)');
    expect(await refusal({ country: 'GB', allowed: true, minimumAge: 15 })).toBe('Minimum age must be between 16 and 25');
    expect(await refusal({ country: 'GB', allowed: true, minimumAge: 26 })).toBe('Minimum age must be between 16 and 25');
    expect(codeOf(await app.gql(SET_RULE, { input: { country: 'GB', allowed: true, handover: 'courier' } }, admin))).toBe('BAD_USER_INPUT');
    expect(await app.db.getRepository(BladeRule).find({ order: { country: 'ASC' } })).toEqual(before);
  });
});

describe('age-restricted products', () => {
  const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`;
  const UPDATE = `mutation($id: ID!, $input: UpdateProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`;
  let counter = 0;
  const product = (overrides: Record<string, unknown> = {}) => ({
    name: `Blade Rules Knife ${Date.now()} ${++counter}`,
    description: 'A sharp one',
    price: 80,
    quantity: 5,
    minimumQuantity: 1,
    img: '/images/santoku.svg',
    ...overrides,
  });

  test('a new product is not age-restricted unless it says so; its own minimum age is set, checked and cleared', async () => {
    const plain = await app.gql(CREATE, { input: product() }, admin);
    expect(plain.data!.createProduct).toMatchObject({ ageRestricted: false, minimumAge: null });
    const knife = (await app.gql(CREATE, { input: product({ ageRestricted: true, minimumAge: 21 }) }, admin)).data!.createProduct;
    expect(knife).toMatchObject({ ageRestricted: true, minimumAge: 21 });
    const update = { price: 80, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg' };
    expect(messageOf(await app.gql(UPDATE, { id: knife.id, input: { ...update, minimumAge: 12 } }, admin))).toBe(
      'Minimum age must be between 16 and 25',
    );
    // Absent leaves both as they are; null clears the product's own age.
    expect((await app.gql(UPDATE, { id: knife.id, input: update }, admin)).data!.updateProduct).toMatchObject({
      ageRestricted: true,
      minimumAge: 21,
    });
    expect((await app.gql(UPDATE, { id: knife.id, input: { ...update, minimumAge: null } }, admin)).data!.updateProduct).toMatchObject({
      ageRestricted: true,
      minimumAge: null,
    });
    expect(
      (await app.gql(UPDATE, { id: knife.id, input: { ...update, ageRestricted: false } }, admin)).data!.updateProduct.ageRestricted,
    ).toBe(false);
  });

  test('a catalog:write key sets or changes neither ageRestricted nor minimumAge; an admin person or a compliance:write key does, each change a row of the evidence log', async () => {
    const catalogKey = await apiKey(app, admin, ['catalog:write']);
    const complianceKey = await apiKey(app, admin, ['catalog:write', 'compliance:write']);
    const update = { price: 80, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg' };
    const knife = (await app.gql(CREATE, { input: product({ ageRestricted: true, minimumAge: 21 }) }, admin)).data!.createProduct;
    const notes = async () =>
      (
        await app.db.getRepository(AgeEvidence).find({
          where: { productId: knife.id, kind: AgeEvidenceKind.PRODUCT_RULE_CHANGED },
          order: { createdAt: 'ASC' },
        })
      ).map((row) => row.note);
    expect(await notes()).toEqual([`Created by ${admin.email}: ageRestricted false → true, minimumAge none → 21 (${knife.name})`]);

    for (const input of [
      { ...update, ageRestricted: false },
      { ...update, minimumAge: null },
      { ...update, minimumAge: 18, price: 99 },
    ]) {
      const refused = await app.gql(UPDATE, { id: knife.id, input }, catalogKey);
      expect([codeOf(refused), messageOf(refused)]).toEqual(['FORBIDDEN', 'This API key lacks the scope compliance:write']);
    }
    const created = await app.gql(CREATE, { input: product({ name: `Unruled ${knife.name}`, ageRestricted: true }) }, catalogKey);
    expect(messageOf(created)).toBe('This API key lacks the scope compliance:write');
    expect(await app.db.getRepository(Product).countBy({ name: `Unruled ${knife.name}` })).toBe(0);
    expect(await app.db.getRepository(Product).findOneByOrFail({ id: knife.id })).toMatchObject({
      ageRestricted: true,
      minimumAge: 21,
      priceAmount: 8000,
    });
    // What catalog:write covers it still does, the rule sent as it stands included; a product without a rule is no change.
    expect(
      (await app.gql(UPDATE, { id: knife.id, input: { ...update, price: 90, ageRestricted: true, minimumAge: 21 } }, catalogKey)).errors,
    ).toBeUndefined();
    expect((await app.gql(CREATE, { input: product() }, catalogKey)).errors).toBeUndefined();
    expect(await notes()).toHaveLength(1);

    const byKey = await app.gql(UPDATE, { id: knife.id, input: { ...update, ageRestricted: false } }, complianceKey);
    expect(byKey.data!.updateProduct).toMatchObject({ ageRestricted: false, minimumAge: 21 });
    const rest = await restClient(app)('PUT', `/products/${knife.id}`, { as: admin, body: { ...update, minimumAge: null } });
    expect(rest.body).toMatchObject({ ageRestricted: false, minimumAge: null });
    expect((await notes()).slice(1)).toEqual([
      `Changed by API key "Blades catalog:write compliance:write": ageRestricted true → false (${knife.name})`,
      `Changed by ${admin.email}: minimumAge 21 → none (${knife.name})`,
    ]);
  });

  test('REST takes and answers the same fields', async () => {
    const api = restClient(app);
    const created = await api('POST', '/products', { as: admin, body: product({ ageRestricted: true, minimumAge: 18 }) });
    expect(created.status).toBe(200);
    expect(created.body.product).toMatchObject({ ageRestricted: true, minimumAge: 18 });
    const id = created.body.product._id;
    const body = { price: 80, quantity: 5, minimumQuantity: 1, img: '/images/santoku.svg' };
    expect((await api('PUT', `/products/${id}`, { as: admin, body: { ...body, minimumAge: 30 } })).body).toEqual({
      message: 'Minimum age must be between 16 and 25',
    });
    const cleared = await api('PUT', `/products/${id}`, { as: admin, body: { ...body, minimumAge: null } });
    expect(cleared.body).toMatchObject({ ageRestricted: true, minimumAge: null });
    expect((await api('GET', `/products?id=${id}`)).body[0]).toMatchObject({ ageRestricted: true, minimumAge: null });
  });
});

describe('a destination that refuses blades', () => {
  test('shippingOptions refuses its age-restricted lines, naming the first and listing all; the other lines can still be bought', async () => {
    await app.gql(SET_RULE, { input: { country: 'FR', allowed: false } }, admin);
    const santoku = await app.product({ name: `Engraved Santoku ${Date.now()}`, ageRestricted: true });
    const cleaver = await app.product({ ageRestricted: true });
    const stone = await app.product({ name: `Whetstone ${Date.now()}` });
    const refused = await app.gql(OPTIONS, {
      input: {
        lines: [
          { productId: stone.id, quantity: 1 },
          { productId: santoku.id, quantity: 1 },
          { productId: cleaver.id, quantity: 1 },
        ],
        address: FR,
      },
    });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(messageOf(refused)).toBe(`We can't deliver ${santoku.name} to France.`);
    expect(refused.errors![0].extensions).toMatchObject({ productIds: [santoku.id, cleaver.id] });
    const rest = await app.gql(OPTIONS, { input: { lines: [{ productId: stone.id, quantity: 1 }], address: FR } });
    expect(rest.data!.shippingOptions.map((option: { name: string }) => option.name)).toEqual(['Standard (Europe)']);
    // Countries that take blades (by rule or by default) price the same knife.
    for (const address of [UK, US])
      expect((await app.gql(OPTIONS, { input: { lines: [{ productId: santoku.id, quantity: 1 }], address } })).errors).toBeUndefined();
  });

  test('placeOrder refuses it too, before any age check is asked for, and takes nothing', async () => {
    const santoku = await app.product({ ageRestricted: true, quantity: 4 });
    const placed = await app.gql(
      'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      { input: { lines: [{ productId: santoku.id, quantity: 1 }], phone: FR.phone, shippingAddress: FR } },
      shopper,
    );
    expect(messageOf(placed)).toBe(`We can't deliver ${santoku.name} to France.`);
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: santoku.id })).quantity).toBe(4);
  });
});
