import { Product } from '../../src/modules/catalog/product.entity';
import { startTestApp, type TestApp, type TestSession } from '../support/harness';
import { restClient } from '../support/rest-client';

let app: TestApp;
let api: ReturnType<typeof restClient>;
let admin: TestSession;
let shopper: TestSession;

beforeAll(async () => {
  app = await startTestApp();
  api = restClient(app);
  [admin, shopper] = await Promise.all([app.adminUser(), app.customer()]);
});
afterAll(() => app.close());

const newProduct = (name: string) => ({
  name,
  description: 'Engraved chef knife',
  price: 80,
  quantity: 12,
  minimumQuantity: 2,
  img: '/images/santoku.svg',
});
const productKeys = [
  '_id',
  'ageRestricted',
  'description',
  'engravable',
  'engravingMaxLength',
  'engravingPlacements',
  'engravingPrice',
  'img',
  'kind',
  'minimumAge',
  'minimumQuantity',
  'name',
  'price',
  'quantity',
  'slug',
  'variants',
  'weightGrams',
];

describe('GET /products', () => {
  it('answers every product, publicly, with _id and the SPEC field names (more than one service page)', async () => {
    await Promise.all(Array.from({ length: 105 }, () => app.product()));
    const { status, body } = await api('GET', '/products');
    expect(status).toBe(200);
    expect(body).toHaveLength(105);
    expect(Object.keys(body[0]).sort()).toEqual(productKeys);
    expect(new Set(body.map((p: { _id: string }) => p._id)).size).toBe(105);
  });

  it('?id= and ?&id= answer an array with that one product, without a token', async () => {
    const product = await app.product({ price: 33 });
    for (const query of [`?id=${product.id}`, `?&id=${product.id}`]) {
      const { status, body } = await api('GET', `/products${query}`);
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          _id: product.id,
          name: product.name,
          slug: product.slug,
          img: product.img,
          description: product.description,
          price: 33,
          quantity: 10,
          minimumQuantity: 1,
          engravable: false,
          engravingMaxLength: 24,
          engravingPlacements: ['BladeLeft'],
          engravingPrice: 0,
          ageRestricted: false,
          minimumAge: null,
          kind: 'KNIFE',
          weightGrams: 0,
          // A product without options has its one variant, named "", with the product's price, stock and photo.
          variants: [
            {
              _id: expect.any(String),
              sku: expect.stringMatching(/^TEST-KNIFE-/),
              name: '',
              options: [],
              price: 33,
              quantity: 10,
              img: product.img,
              enabled: true,
              weightGrams: 0,
              // As its product: shipped from stock.
              leadTimeMode: 'INHERIT',
              madeToOrder: null,
            },
          ],
        },
      ]);
    }
  });

  it('an unknown or malformed id is 404, a repeated id is 400', async () => {
    expect(await api('GET', '/products?id=00000000-0000-0000-0000-000000000000')).toEqual({
      status: 404,
      body: { message: 'Product not found' },
    });
    expect((await api('GET', '/products?id=not-an-id')).status).toBe(404);
    expect((await api('GET', '/products?id=a&id=b')).status).toBe(400);
  });
});

describe('GET /products?q=&sort=&inStock=', () => {
  let bowie: Product;
  let skinner: Product;
  beforeAll(async () => {
    bowie = await app.product({
      name: 'Sunset Bowie',
      description: 'Clip point, brass guard',
      price: 150,
      quantity: 4,
      minimumQuantity: 1,
    });
    skinner = await app.product({
      name: 'Trail Skinner',
      description: 'Pairs well with a bowie',
      price: 70,
      quantity: 0,
      minimumQuantity: 1,
    });
  });
  const ids = (body: { _id: string }[]) => body.map((p) => p._id);

  it('q searches name and description, best match first; the answer is still an array of SPEC products', async () => {
    const { status, body } = await api('GET', '/products?q=bowi');
    expect(status).toBe(200);
    expect(ids(body)).toEqual([bowie.id, skinner.id]);
    expect(Object.keys(body[0]).sort()).toEqual(productKeys);
  });

  it('sort orders the answer and inStock (1 or true) keeps what can be ordered', async () => {
    expect(ids((await api('GET', '/products?q=bowi&sort=price_asc')).body)).toEqual([skinner.id, bowie.id]);
    expect(ids((await api('GET', '/products?q=BOWI&sort=price_desc')).body)).toEqual([bowie.id, skinner.id]);
    expect(ids((await api('GET', '/products?q=bowi&inStock=1')).body)).toEqual([bowie.id]);
    expect(ids((await api('GET', '/products?q=bowi&inStock=true')).body)).toEqual([bowie.id]);
    expect(ids((await api('GET', '/products?q=bowi&inStock=0')).body)).toEqual([bowie.id, skinner.id]);
    const newest = (await api('GET', '/products?sort=newest')).body;
    const byAge = await app.db.getRepository(Product).find({ order: { createdAt: 'DESC', id: 'ASC' } });
    expect(ids(newest)).toEqual(byAge.map((p) => p.id));
    const byName = await app.db.getRepository(Product).find({ order: { name: 'ASC', id: 'ASC' } });
    expect(ids((await api('GET', '/products?sort=name')).body)).toEqual(byName.map((p) => p.id));
  });

  it('a bad sort or inStock value is 400 with a message naming the allowed values', async () => {
    expect(await api('GET', '/products?sort=cheapest')).toEqual({
      status: 400,
      body: { message: 'sort must be one of relevance, newest, price_asc, price_desc, name' },
    });
    expect(await api('GET', '/products?sort=toString')).toEqual({
      status: 400,
      body: { message: 'sort must be one of relevance, newest, price_asc, price_desc, name' },
    });
    expect(await api('GET', '/products?inStock=maybe')).toEqual({ status: 400, body: { message: 'inStock must be true or false' } });
    expect(await api('GET', '/products?sort=relevance')).toEqual({
      status: 400,
      body: { message: 'Sorting by relevance needs search text' },
    });
    expect((await api('GET', '/products?q=a&q=b')).status).toBe(400);
  });
});

describe('POST /products?productname=', () => {
  it('an admin adds a product: { success: true }; the same name again is { success: false } with the SPEC message', async () => {
    const first = await api('POST', '/products?productname=Damascus%20Hunter', { as: admin, body: newProduct('Damascus Hunter') });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.product).toMatchObject({ name: 'Damascus Hunter', price: 80, quantity: 12, minimumQuantity: 2 });
    const again = await api('POST', '/products?productname=damascus%20hunter', { as: admin, body: newProduct('damascus hunter') });
    expect(again).toEqual({ status: 200, body: { success: false, message: 'Product already exist' } });
  });

  it('takes the name from the query when the body has none', async () => {
    const { name: _name, ...rest } = newProduct('x');
    const { body } = await api('POST', '/products?productname=Query%20Named', { as: admin, body: rest });
    expect(body.product.name).toBe('Query Named');
  });

  it('refuses anonymous callers (401) and customers (403), and stores nothing', async () => {
    expect((await api('POST', '/products?productname=Nope', { body: newProduct('Nope') })).status).toBe(401);
    expect(await api('POST', '/products?productname=Nope', { as: shopper, body: newProduct('Nope') })).toEqual({
      status: 403,
      body: { message: 'Only an admin may do this' },
    });
    expect(await app.db.getRepository(Product).countBy({ name: 'Nope' })).toBe(0);
  });

  it('bad input is 400 with the SPEC message: missing, empty, out of range, malformed JSON, a non-object body', async () => {
    const cases: [unknown, string][] = [
      [{ ...newProduct('A'), description: '' }, 'Product Description is Required'],
      [{ ...newProduct('B'), price: undefined }, 'Product Price is Required'],
      [{ ...newProduct('C'), price: null }, 'Product Price is Required'],
      [{ ...newProduct('D'), quantity: -1 }, 'Product Quantity cannot be negative'],
      [{ ...newProduct('E'), price: 1e12 }, 'Product Price must be at least 1'],
      [{ ...newProduct(''), name: undefined }, 'Product Name is Required'],
      [{ ...newProduct('F'), img: '  ' }, 'Product Photo is Required'],
    ];
    for (const [body, message] of cases) {
      const response = await api('POST', '/products', { as: admin, body });
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 400,
        message: expect.stringContaining(message.split(' must')[0]),
      });
    }
    expect(await api('POST', '/products', { as: admin, raw: '{"name": ' })).toEqual({
      status: 400,
      body: { message: 'The request body is not valid JSON' },
    });
    expect(await api('POST', '/products', { as: admin, body: [newProduct('Array')] })).toEqual({
      status: 400,
      body: { message: 'The request body must be a JSON object' },
    });
  });

  it('a field of the wrong type is 400 naming the field, and stores nothing', async () => {
    const before = await app.db.getRepository(Product).count();
    const cases: [object, string][] = [
      [{ name: 42 }, 'name must be text'],
      [{ description: ['Sharp', 'knife'] }, 'description must be text'],
      [{ img: { url: '/images/santoku.svg' } }, 'img must be text'],
      [{ price: 'cheap' }, 'price must be a whole number'],
      [{ price: 12.5 }, 'price must be a whole number'],
      [{ quantity: [3] }, 'quantity must be a whole number'],
      [{ minimumQuantity: true }, 'minimumQuantity must be a whole number'],
      [{ engravable: 'yes' }, 'engravable must be true or false'],
      [{ engravingPrice: '5 dollars' }, 'engravingPrice must be a whole number'],
    ];
    for (const [wrong, message] of cases) {
      expect(await api('POST', '/products', { as: admin, body: { ...newProduct('Wrong type'), ...wrong } })).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await app.db.getRepository(Product).count()).toBe(before);
  });

  it('checks the caller before the body: anonymous is 401 and a customer 403, whatever the body', async () => {
    expect((await api('POST', '/products', { body: { name: 42 } })).status).toBe(401);
    expect((await api('POST', '/products', { body: ['not', 'an', 'object'] })).status).toBe(401);
    expect((await api('POST', '/products', { as: shopper, body: { price: 'cheap' } })).status).toBe(403);
  });

  it('takes whole numbers sent as text, as form fields arrive', async () => {
    const { body } = await api('POST', '/products', { as: admin, body: { ...newProduct('Texted numbers'), price: ' 80 ', quantity: '7' } });
    expect(body.product).toMatchObject({ name: 'Texted numbers', price: 80, quantity: 7 });
  });
});

describe('PUT /products/{id}', () => {
  it('an admin updates price, quantity, minimum quantity and photo', async () => {
    const product = await app.product();
    const { status, body } = await api('PUT', `/products/${product.id}`, {
      as: admin,
      body: { price: 99, quantity: 3, minimumQuantity: 1, img: '/images/new.svg' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: product.id, name: product.name, price: 99, quantity: 3, minimumQuantity: 1, img: '/images/new.svg' });
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).priceAmount).toBe(9900);
  });

  it('refuses customers and anonymous callers; unknown ids are 404; missing numbers are 400 with the SPEC message', async () => {
    const product = await app.product();
    const update = { price: 1, quantity: 1, minimumQuantity: 1, img: '/x.svg' };
    expect((await api('PUT', `/products/${product.id}`, { as: shopper, body: update })).status).toBe(403);
    expect((await api('PUT', `/products/${product.id}`, { body: update })).status).toBe(401);
    expect((await api('PUT', '/products/00000000-0000-0000-0000-000000000000', { as: admin, body: update })).status).toBe(404);
    expect(await api('PUT', `/products/${product.id}`, { as: admin, body: { ...update, minimumQuantity: null } })).toEqual({
      status: 400,
      body: { message: 'Minimum Quantity is Required' },
    });
    expect((await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).priceAmount).toBe(2500);
  });

  it('a field of the wrong type is 400 naming the field, after the caller check, and changes nothing', async () => {
    const product = await app.product();
    const update = { price: 1, quantity: 1, minimumQuantity: 1, img: '/x.svg' };
    for (const [wrong, message] of [
      [{ price: '1O' }, 'price must be a whole number'],
      [{ name: { first: 'New' } }, 'name must be text'],
      [{ img: 7 }, 'img must be text'],
      [{ engravingMaxLength: [12] }, 'engravingMaxLength must be a whole number'],
    ] as const) {
      expect(await api('PUT', `/products/${product.id}`, { as: admin, body: { ...update, ...wrong } })).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect((await api('PUT', `/products/${product.id}`, { body: { price: 'cheap' } })).status).toBe(401);
    expect((await api('PUT', `/products/${product.id}`, { as: shopper, body: { price: 'cheap' } })).status).toBe(403);
    expect(await app.db.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      name: product.name,
      priceAmount: 2500,
      img: product.img,
    });
  });
});

describe('DELETE /products?id=', () => {
  it('an admin deletes: { deletedCount: 1 }; again is 404', async () => {
    const product = await app.product();
    expect(await api('DELETE', `/products?id=${product.id}`, { as: admin })).toEqual({ status: 200, body: { deletedCount: 1 } });
    expect((await api('DELETE', `/products?id=${product.id}`, { as: admin })).status).toBe(404);
  });

  it('now needs a token (the old client sent none) and an admin; a missing id is 400', async () => {
    const product = await app.product();
    expect((await api('DELETE', `/products?id=${product.id}`)).status).toBe(401);
    expect((await api('DELETE', `/products?id=${product.id}`, { as: shopper })).status).toBe(403);
    expect(await app.db.getRepository(Product).countBy({ id: product.id })).toBe(1);
    expect((await api('DELETE', '/products', { as: admin })).status).toBe(400);
  });

  it('checks the caller before the id: without one, anonymous is 401 and a customer 403', async () => {
    expect(await api('DELETE', '/products')).toEqual({ status: 401, body: { message: 'Please sign in first' } });
    expect(await api('DELETE', '/products', { as: shopper })).toEqual({ status: 403, body: { message: 'Only an admin may do this' } });
  });
});

describe('reviews', () => {
  it('POST /reviews adds a review with the author from the profile, not from the body; GET /reviews is public, without e-mails', async () => {
    const posted = await api('POST', '/reviews', {
      as: shopper,
      body: { userName: 'Impostor', email: 'ceo@keen.test', img: 'x', star: 5, description: 'Razor sharp' },
    });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({
      star: 5,
      description: 'Razor sharp',
      email: shopper.email,
      userName: 'customer name',
      message: 'Review have been added',
    });
    expect(posted.body.insertedId).toBe(posted.body._id);
    const listed = await api('GET', '/reviews');
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toEqual({
      _id: posted.body._id,
      userName: 'customer name',
      name: 'customer name',
      email: '',
      description: 'Razor sharp',
      img: null,
      star: 5,
      productId: null,
    });
  });

  it('refuses anonymous reviews and ratings outside 1 to 5 or of the wrong type', async () => {
    expect((await api('POST', '/reviews', { body: { star: 4, description: 'Anonymous' } })).status).toBe(401);
    expect(await api('POST', '/reviews', { as: shopper, body: { star: 6, description: 'Too good' } })).toEqual({
      status: 400,
      body: { message: 'Ratings must be from 1 to 5' },
    });
    expect(await api('POST', '/reviews', { as: shopper, body: { star: 'five', description: 'Typed' } })).toEqual({
      status: 400,
      body: { message: 'star must be a whole number' },
    });
    expect(await api('POST', '/reviews', { as: shopper, body: { star: 4, description: ['Typed'] } })).toEqual({
      status: 400,
      body: { message: 'description must be text' },
    });
    expect((await api('POST', '/reviews', { body: { star: 'five', description: 42 } })).status).toBe(401);
    expect((await api('GET', '/reviews')).body.map((review: { description: string }) => review.description)).not.toContain('Typed');
    expect(await api('POST', '/reviews', { as: shopper, body: { star: 3 } })).toEqual({
      status: 400,
      body: { message: 'Product Description is Required' },
    });
  });
});
