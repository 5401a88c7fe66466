import { Review } from '../../src/modules/reviews/review.entity';
import { codeOf, messageOf, startTestApp, type TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ADD =
  'mutation($input: AddReviewInput!) { addReview(input: $input) { id star description userName name email img author { name img } } }';
const REVIEWS = 'query($options: ReviewListOptions) { reviews(options: $options) { totalItems items { id star description createdAt } } }';
const UPDATE_PROFILE = 'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }';
const reviewCount = () => app.db.getRepository(Review).count();

describe('addReview', () => {
  test("name, e-mail and photo come from the author's profile", async () => {
    const author = await app.customer('critic');
    const profile = {
      name: 'Rhea Whetstone',
      phone: '+1 555 0111',
      address: '3 Hone Lane',
      img: '/uploads/0123456789abcdef0123456789abcdef.png',
    };
    expect((await app.gql(UPDATE_PROFILE, { input: profile }, author)).errors).toBeUndefined();
    const res = await app.gql(ADD, { input: { star: 4, description: 'Holds an edge for months' } }, author);
    expect(res.errors).toBeUndefined();
    expect(res.data!.addReview).toMatchObject({
      star: 4,
      description: 'Holds an edge for months',
      userName: 'Rhea Whetstone',
      name: 'Rhea Whetstone',
      email: author.email,
      img: '/uploads/0123456789abcdef0123456789abcdef.png',
      author: { name: 'Rhea Whetstone', img: profile.img },
    });
  });

  test('the input cannot carry author fields', async () => {
    const author = await app.customer();
    const before = await reviewCount();
    for (const extra of [{ userName: 'Someone Famous' }, { email: 'famous@keen.test' }, { img: '/x.png' }, { name: 'x' }]) {
      expect(codeOf(await app.gql(ADD, { input: { star: 5, description: 'Great', ...extra } }, author))).toBe('BAD_USER_INPUT');
    }
    expect(await reviewCount()).toBe(before);
  });

  test('anonymous callers must sign in', async () => {
    const before = await reviewCount();
    expect(codeOf(await app.gql(ADD, { input: { star: 5, description: 'Anonymous praise' } }))).toBe('UNAUTHENTICATED');
    expect(await reviewCount()).toBe(before);
  });

  test('star is a whole number from 1 to 5, and required', async () => {
    const author = await app.customer();
    const before = await reviewCount();
    for (const star of [0, 6, -1, 2.5, null, '4']) {
      expect(codeOf(await app.gql(ADD, { input: { star, description: 'Fine' } }, author))).toBe('BAD_USER_INPUT');
    }
    expect(await reviewCount()).toBe(before);
    for (const star of [1, 5]) expect((await app.gql(ADD, { input: { star, description: 'Fine' } }, author)).errors).toBeUndefined();
  });

  test("an empty description is 'Product Description is Required'", async () => {
    const author = await app.customer();
    const before = await reviewCount();
    for (const description of ['', '   ']) {
      const res = await app.gql(ADD, { input: { star: 3, description } }, author);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(messageOf(res)).toBe('Product Description is Required');
    }
    expect(await reviewCount()).toBe(before);
  });
});

describe('reviews list', () => {
  let tag: string;
  const list = async (options: Record<string, unknown>) => {
    const res = await app.gql<{ reviews: { totalItems: number; items: { id: string; star: number; createdAt: string }[] } }>(REVIEWS, {
      options: { search: tag, ...options },
    });
    expect(res.errors).toBeUndefined();
    return res.data!.reviews;
  };

  beforeAll(async () => {
    tag = `Verdict${Date.now()}`;
    const author = await app.customer('lister');
    for (const star of [3, 5, 1, 4]) {
      expect((await app.gql(ADD, { input: { star, description: `${tag} ${star} stars` } }, author)).errors).toBeUndefined();
    }
  });

  test('anonymous callers read reviews, newest first, with every page counted', async () => {
    const page = await list({ take: 3 });
    expect(page.items.map((r) => r.star)).toEqual([4, 1, 5]);
    expect(page.totalItems).toBe(4);
    expect(await list({ skip: 3, take: 3 })).toMatchObject({ totalItems: 4, items: [{ star: 3 }] });
  });

  test('search is case-insensitive over the description', async () => {
    expect((await list({ search: `${tag} 5 STARS`.toLowerCase() })).items.map((r) => r.star)).toEqual([5]);
  });

  test('sorts by star and by date in both directions', async () => {
    expect((await list({ sortBy: 'star', sortDirection: 'ASC' })).items.map((r) => r.star)).toEqual([1, 3, 4, 5]);
    expect((await list({ sortBy: 'star', sortDirection: 'DESC' })).items.map((r) => r.star)).toEqual([5, 4, 3, 1]);
    expect((await list({ sortBy: 'createdAt', sortDirection: 'ASC' })).items.map((r) => r.star)).toEqual([3, 5, 1, 4]);
    expect((await list({ sortBy: 'createdAt', sortDirection: 'DESC' })).items.map((r) => r.star)).toEqual([4, 1, 5, 3]);
  });

  test('take above 100 or below 1, and a negative skip, are BAD_USER_INPUT', async () => {
    for (const options of [{ take: 101 }, { take: 0 }, { skip: -1 }])
      expect(codeOf(await app.gql(REVIEWS, { options }))).toBe('BAD_USER_INPUT');
  });
});
