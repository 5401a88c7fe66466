import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let shopper: TestSession;

beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  [admin, shopper] = await Promise.all([app.adminUser(), app.customer('rest-variant')]);
});
afterAll(() => app.close());

const contact = { phone: '+1 555 0100', address: '1 Test Street' };

test('POST /orders takes variantId for a product with several variants, and names the choice it lacks', async () => {
  const product = await app.product({ name: `REST Santoku ${Date.now()}`, price: 60 });
  const set = await app.gql<{ setProductOptions: { variants: { id: string }[] } }>(
    'mutation($id: ID!) { setProductOptions(productId: $id, groups: [{ name: "Blade length", values: ["18 cm", "21 cm"] }]) { variants { id } } }',
    { id: product.id },
    admin,
  );
  const [short, long] = set.data!.setProductOptions.variants;
  await app.gql(
    'mutation($id: ID!) { updateProductVariant(id: $id, input: { priceAmount: 7550, quantity: 4 }) { id } }',
    { id: long.id },
    admin,
  );

  expect(await api('POST', '/orders', { as: shopper, body: { productCode: product.id, quantity: 1, ...contact } })).toMatchObject({
    status: 400,
    body: { message: `Choose a blade length for ${product.name}` },
  });
  // 18 cm kept the product's price and 10 units from before it had options; 21 cm has its own.
  expect(
    await api('POST', '/orders', { as: shopper, body: { productCode: product.id, variantId: short.id, quantity: 1, ...contact } }),
  ).toMatchObject({
    status: 200,
    body: { price: 60, totalPrice: 60 },
  });
  const { status, body } = await api('POST', '/orders', {
    as: shopper,
    body: { productCode: product.id, variantId: long.id, quantity: 2, ...contact },
  });
  expect(status).toBe(200);
  expect(body).toMatchObject({ price: 75.5, totalPrice: 151, lines: [{ productCode: product.id, quantity: 2, unitPrice: 75.5 }] });
});
