import { ADDRESS_BOOK_LIMIT } from '@keen/rules/address';
import { Address } from '../../src/modules/addresses/address.entity';
import { User } from '../../src/modules/users/user.entity';
import { codeOf, messageOf, startTestApp, type TestApp, type TestSession } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const FIELDS = 'id name line1 line2 city region postalCode country phone isDefault';
const MY_ADDRESSES = `{ me { addresses { ${FIELDS} } } }`;
const SAVE = `mutation($input: AddressInput!) { saveAddress(input: $input) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteAddress(id: $id) }';
const SET_DEFAULT = `mutation($id: ID!) { setDefaultAddress(id: $id) { ${FIELDS} } }`;

const sheffield = {
  name: 'Casey Blade',
  line1: '1 Forge Lane',
  city: 'Sheffield',
  postalCode: 's1  2he',
  country: 'gb',
  phone: '+44 114 496 0000',
};
const sanFrancisco = {
  name: 'Casey Blade',
  line1: '500 Market St',
  line2: 'Suite 2',
  city: 'San Francisco',
  region: 'ca',
  postalCode: '94103-1234',
  country: 'US',
  phone: '+1 415 555 0100',
};
const berlin = {
  name: 'Casey Klinge',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  phone: '+49 30 1234567',
};

const dublin = { name: 'Aoife Lann', line1: '1 Main Street', city: 'Dublin', region: 'co. dublin', country: 'IE', phone: '085 123 4567' };
const hongKong = { name: 'Wing Dao', line1: "1 Queen's Road Central", region: 'Hong Kong Island', country: 'HK', phone: '2123 4567' };
const tokyo = { name: 'Ken Hamono', line1: '1-2-3 Shibuya', region: 'Tokyo', postalCode: '1500002', country: 'JP', phone: '03-1234-5678' };
const saoPaulo = {
  name: 'Bia Faca',
  line1: 'Rua Augusta 1',
  city: 'São Paulo',
  region: 'SP',
  postalCode: '01304000',
  country: 'BR',
  phone: '11 5555 0100',
};

async function save(session: TestSession, input: Record<string, unknown>) {
  const res = await app.gql(SAVE, { input }, session);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.saveAddress as { id: string; isDefault: boolean; postalCode: string; region: string | null };
}
const book = async (session: TestSession) => (await app.gql(MY_ADDRESSES, {}, session)).data!.me.addresses as Record<string, unknown>[];
const rowsOf = (email: string) =>
  app.db
    .getRepository(Address)
    .createQueryBuilder('address')
    .innerJoin(User, 'user', 'user.id = address.userId')
    .where('user.email = :email', { email })
    .getMany();

test('the first address becomes the default; later ones do not; the book lists the default, then the newest', async () => {
  const casey = await app.customer('book');
  expect(await book(casey)).toEqual([]);
  const first = await save(casey, sheffield);
  expect(first).toMatchObject({ isDefault: true, postalCode: 'S1 2HE', region: null, line2: null, country: 'GB' });
  const second = await save(casey, sanFrancisco);
  expect(second).toMatchObject({ isDefault: false, region: 'CA', postalCode: '94103-1234', line2: 'Suite 2' });
  const third = await save(casey, berlin);
  expect((await book(casey)).map((address) => address.id)).toEqual([first.id, third.id, second.id]);
});

test.each([
  ['GB', sheffield, { city: 'Sheffield', postalCode: 'S1 2HE', phone: '+441144960000' }],
  ['US', sanFrancisco, { region: 'CA', postalCode: '94103-1234', phone: '+14155550100' }],
  ['DE', berlin, { postalCode: '10117', phone: '+49301234567' }],
  ['IE without an Eircode', dublin, { region: 'D', postalCode: '', phone: '+353851234567' }],
  ['IE with one', { ...dublin, postalCode: 'a65f4e2' }, { postalCode: 'A65 F4E2' }],
  ['HK without a postcode', hongKong, { city: '', region: 'Hong Kong Island', postalCode: '', phone: '+85221234567' }],
  ['JP with a prefecture', tokyo, { city: '', region: '13', postalCode: '150-0002', phone: '+81312345678' }],
  ['BR with a CEP', saoPaulo, { region: 'SP', postalCode: '01304-000', phone: '+551155550100' }],
  [
    'CA',
    { ...sanFrancisco, city: 'Ottawa', region: 'Ontario', postalCode: 'k1a0b1', country: 'CA', phone: '613 555 0100' },
    { region: 'ON', postalCode: 'K1A 0B1' },
  ],
  [
    'AU',
    { ...berlin, city: 'Sydney', region: 'NSW', postalCode: '2000', country: 'AU', phone: '02 5550 0100' },
    { region: 'NSW', phone: '+61255500100' },
  ],
  [
    'IN',
    { ...berlin, city: 'Bengaluru', region: 'Karnataka', postalCode: '560001', country: 'IN', phone: '081234 56789' },
    { region: 'KA' },
  ],
  [
    'NG',
    { ...berlin, city: 'Lagos', region: 'Lagos', postalCode: null, country: 'NG', phone: '0802 123 4567' },
    { region: 'LA', postalCode: '' },
  ],
  ['AE', { ...berlin, city: null, region: 'Dubai', postalCode: null, country: 'AE', phone: '050 123 4567' }, { city: '', region: 'DU' }],
  [
    'MX',
    { ...berlin, city: 'Ciudad de México', region: 'Ciudad de México', postalCode: '06600', country: 'MX', phone: '55 1234 5678' },
    { region: 'CMX' },
  ],
])("%s: saved by its country's rules, normalised, the phone in E.164", async (_country, input, expected) => {
  const casey = await app.customer('abroad');
  expect(await save(casey, input)).toMatchObject(expected);
  expect(await rowsOf(casey.email)).toMatchObject([expected]);
});

test("editing keeps the id and the default; another customer's book stays their own", async () => {
  const casey = await app.customer('editor');
  const other = await app.customer('nosy');
  const saved = await save(casey, sheffield);
  const edited = await save(casey, { ...sheffield, id: saved.id, line1: '2 Forge Lane', line2: 'Back door' });
  expect(edited).toMatchObject({ id: saved.id, line1: '2 Forge Lane', line2: 'Back door', isDefault: true });
  expect(await rowsOf(casey.email)).toHaveLength(1);

  // Editing back to no line 2 clears it.
  expect(await save(casey, { ...sheffield, id: saved.id, line2: null })).toMatchObject({ line2: null });
  expect(await book(other)).toEqual([]);
});

test('setDefaultAddress moves the default; exactly one default remains', async () => {
  const casey = await app.customer('chooser');
  const first = await save(casey, sheffield);
  const second = await save(casey, berlin);
  const res = await app.gql(SET_DEFAULT, { id: second.id }, casey);
  expect(res.errors).toBeUndefined();
  expect(res.data!.setDefaultAddress).toMatchObject({ id: second.id, isDefault: true });
  const rows = await rowsOf(casey.email);
  expect(rows.filter((row) => row.isDefault).map((row) => row.id)).toEqual([second.id]);
  expect((await book(casey)).map((address) => [address.id, address.isDefault])).toEqual([
    [second.id, true],
    [first.id, false],
  ]);
  // Setting the default again changes nothing.
  expect((await app.gql(SET_DEFAULT, { id: second.id }, casey)).data!.setDefaultAddress.isDefault).toBe(true);
});

test('deleting the default makes the newest other address the default; deleting the last leaves an empty book', async () => {
  const casey = await app.customer('deleter');
  const first = await save(casey, sheffield);
  const second = await save(casey, sanFrancisco);
  const third = await save(casey, berlin);
  expect((await app.gql(DELETE, { id: first.id }, casey)).data!.deleteAddress).toBe(true);
  expect((await book(casey)).map((address) => [address.id, address.isDefault])).toEqual([
    [third.id, true],
    [second.id, false],
  ]);
  // Deleting an ordinary address leaves the default where it is.
  await app.gql(DELETE, { id: second.id }, casey);
  expect((await book(casey)).map((address) => [address.id, address.isDefault])).toEqual([[third.id, true]]);
  await app.gql(DELETE, { id: third.id }, casey);
  expect(await book(casey)).toEqual([]);
  expect(await rowsOf(casey.email)).toEqual([]);
});

test('two first addresses saved at once make exactly one default', async () => {
  const casey = await app.customer('racer');
  await Promise.all([save(casey, sheffield), save(casey, berlin)]);
  const rows = await rowsOf(casey.email);
  expect(rows).toHaveLength(2);
  expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
});

test.each([
  ['a US ZIP code', { ...sanFrancisco, postalCode: '9410' }, 'Enter a ZIP code like 95014'],
  ['a US state', { ...sanFrancisco, region: 'Cali' }, 'Choose a state from the list'],
  ['a missing US state', { ...sanFrancisco, region: null }, 'State is Required'],
  ['a UK postcode', { ...sheffield, postalCode: '12345' }, 'Enter a postcode like EC1Y 8SY'],
  ['a Canadian postal code', { ...sanFrancisco, country: 'CA', region: 'ON', postalCode: 'K1A 0B' }, 'Enter a postcode like H3Z 2Y7'],
  ['a Canadian province', { ...sanFrancisco, country: 'CA', region: 'XX', postalCode: 'K1A 0B1' }, 'Choose a province from the list'],
  ['a German postcode', { ...berlin, postalCode: '1011' }, 'Enter a postcode like 26133'],
  [
    'a long postcode where the country gives no pattern',
    { ...berlin, country: 'KP', postalCode: '7500175001750' },
    'Postcode must be at most 12 characters',
  ],
  ['an Eircode', { ...dublin, postalCode: 'A65' }, 'Enter an Eircode like A65 F4E2'],
  ['a missing prefecture', { ...tokyo, region: null }, 'Prefecture is Required'],
  ['a Brazilian CEP', { ...saoPaulo, postalCode: '0130' }, 'Enter a postcode like 40301-110'],
  ['a missing Hong Kong area', { ...hongKong, region: null }, 'Area is Required'],
  ['an unknown country', { ...berlin, country: 'XX' }, 'Choose a country from the list'],
  ['a blank name', { ...berlin, name: ' ' }, 'Full name is Required'],
  ['a phone with letters', { ...berlin, phone: 'call me' }, 'Enter a phone number for Germany, like 01512 3456789'],
  ['an Irish phone too short', { ...dublin, phone: '085 123' }, 'Enter a phone number for Ireland, like 085 012 3456'],
])("%s is checked: a 400 in the form's words, nothing saved", async (_rule, input, message) => {
  const casey = await app.customer('checked');
  const res = await app.gql(SAVE, { input }, casey);
  expect(codeOf(res)).toBe('BAD_USER_INPUT');
  expect(messageOf(res)).toBe(message);
  expect(await rowsOf(casey.email)).toEqual([]);
});

test('a bad edit changes nothing', async () => {
  const casey = await app.customer('careful');
  const saved = await save(casey, berlin);
  const res = await app.gql(SAVE, { input: { ...berlin, id: saved.id, line1: 'Elsewhere 2', postalCode: 'ABCDE' } }, casey);
  expect(messageOf(res)).toBe('Enter a postcode like 26133');
  expect(await rowsOf(casey.email)).toMatchObject([{ line1: 'Unter den Linden 1', postalCode: '10117' }]);
});

test("another customer's address answers the same not-found as a missing one, and stays as it was", async () => {
  const owner = await app.customer('owner');
  const stranger = await app.customer('stranger');
  const saved = await save(owner, sheffield);
  await save(owner, berlin);
  const missing = '00000000-0000-4000-8000-000000000000';
  for (const id of [saved.id, missing, 'not-an-id']) {
    for (const res of [
      await app.gql(SAVE, { input: { ...sheffield, id, line1: 'Taken' } }, stranger),
      await app.gql(DELETE, { id }, stranger),
      await app.gql(SET_DEFAULT, { id }, stranger),
    ]) {
      expect(codeOf(res)).toBe('NOT_FOUND');
      expect(messageOf(res)).toBe('Address not found');
    }
  }
  expect((await rowsOf(owner.email)).map((row) => [row.line1, row.isDefault]).sort()).toEqual([
    ['1 Forge Lane', true],
    ['Unter den Linden 1', false],
  ]);
  expect(await rowsOf(stranger.email)).toEqual([]);
});

test(`a book holds at most ${ADDRESS_BOOK_LIMIT} addresses; editing one of them still works`, async () => {
  const casey = await app.customer('collector');
  const first = await save(casey, berlin);
  const addresses = app.db.getRepository(Address);
  await addresses.insert(
    Array.from({ length: ADDRESS_BOOK_LIMIT - 1 }, (_, i) => ({ ...berlin, line1: `Street ${i}`, userId: casey.user.id })),
  );
  const res = await app.gql(SAVE, { input: sheffield }, casey);
  expect(codeOf(res)).toBe('CONFLICT');
  expect(messageOf(res)).toBe(`Your address book holds at most ${ADDRESS_BOOK_LIMIT} addresses; delete one before adding another`);
  expect(await addresses.countBy({ userId: casey.user.id })).toBe(ADDRESS_BOOK_LIMIT);
  expect(await save(casey, { ...berlin, id: first.id, line1: 'Neue Strasse 5' })).toMatchObject({ id: first.id });
});

test('anonymous callers get 401 before any input error, and nothing changes', async () => {
  const owner = await app.customer('anon-target');
  const saved = await save(owner, berlin);
  for (const res of [
    await app.gql(SAVE, { input: { ...berlin, postalCode: 'bad' } }),
    await app.gql(DELETE, { id: saved.id }),
    await app.gql(SET_DEFAULT, { id: 'not-an-id' }),
  ]) {
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
  }
  expect(await rowsOf(owner.email)).toHaveLength(1);
});

test("API keys are refused: the address book is a person's own", async () => {
  const admin = await app.adminUser();
  const created = await app.gql(
    'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }',
    { input: { name: 'Address sync', scopes: ['users:read', 'users:write'] } },
    admin,
  );
  const secret = created.data!.createApiKey.secret as string;
  const owner = await app.customer('keyed');
  const saved = await save(owner, berlin);
  for (const res of [
    await app.gql(SAVE, { input: berlin }, secret),
    await app.gql(DELETE, { id: saved.id }, secret),
    await app.gql(SET_DEFAULT, { id: saved.id }, secret),
  ]) {
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(messageOf(res)).toBe('API keys cannot do this: it needs a signed-in person');
  }
  expect(await rowsOf(owner.email)).toHaveLength(1);
});

test("User.addresses: an admin's page of users reads every book in one statement", async () => {
  const admin = await app.adminUser();
  const [ann, bob] = await Promise.all([app.customer('ann'), app.customer('bob')]);
  await save(ann, sheffield);
  await save(bob, berlin);
  await save(bob, sanFrancisco);

  const query = '{ users(options: { take: 100 }) { items { email addresses { city } } } }';
  const { count, texts, data } = await app.statementsFor<{ users: { items: { email: string; addresses: { city: string }[] }[] } }>(
    query,
    {},
    admin,
  );
  const cities = (email: string) => data.users.items.find((user) => user.email === email)!.addresses.map((address) => address.city);
  expect(cities(ann.email)).toEqual(['Sheffield']);
  expect(cities(bob.email)).toEqual(['Berlin', 'San Francisco']);
  expect(texts.filter((text) => text.includes('FROM "address"'))).toHaveLength(1);
  expect(count).toBeLessThan(10);
});

test('deleting a user deletes their address book', async () => {
  const casey = await app.customer('leaving');
  await save(casey, berlin);
  await app.db.getRepository(User).delete({ id: casey.user.id });
  expect(await app.db.getRepository(Address).countBy({ userId: casey.user.id })).toBe(0);
});
