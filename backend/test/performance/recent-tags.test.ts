import { RecentTags, weakEtag } from '../../src/http-kit/etag';

/** An ETag remembered for an unchanged answer is the tag of that answer; a changed answer gets its own. */
test('the tag of an answer is the same whether it was remembered or hashed', () => {
  const tags = new RecentTags();
  const answer = (price: number) => JSON.stringify([{ _id: 'a', name: 'Santoku', price }]);
  const first = tags.of('/api/products', answer(10));
  expect(first).toBe(weakEtag(answer(10)));
  // A new string with the same text, as the next request makes it.
  expect(tags.of('/api/products', answer(10))).toBe(first);
  const changed = tags.of('/api/products', answer(11));
  expect(changed).toBe(weakEtag(answer(11)));
  expect(changed).not.toBe(first);
  expect(tags.of('/api/products?sort=name', answer(10))).toBe(first);
  expect(tags.of('/api/products', answer(10))).toBe(first);
});

test('an answer longer than the kept size is hashed each time, to the same tag', () => {
  const tags = new RecentTags();
  const long = JSON.stringify({ text: 'x'.repeat(300 * 1024) });
  expect(tags.of('/api/reviews', long)).toBe(weakEtag(long));
  expect(tags.of('/api/reviews', `${long} `.trimEnd())).toBe(weakEtag(long));
});
