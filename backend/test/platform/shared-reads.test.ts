import { SharedReads } from '../../src/common/shared-reads';

/** A read that answers when told to, counting how many were started. */
function reads() {
  const started: { key: string; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  const load = (key: string) => () =>
    new Promise<string>((answer, fail) => {
      started.push({ key, answer, fail });
    });
  return { started, load };
}

test('callers asking for the same key while its read is in flight share it; other keys and later callers read again', async () => {
  const { started, load } = reads();
  const shared = new SharedReads<string>(() => 0);
  const first = shared.read('knife', load('knife'));
  const second = shared.read('knife', load('knife'));
  const other = shared.read('axe', load('axe'));
  expect(started.map((read) => read.key)).toEqual(['knife', 'axe']);
  started[0].answer('3 left');
  started[1].answer('sold out');
  await expect(Promise.all([first, second, other])).resolves.toEqual(['3 left', '3 left', 'sold out']);

  const later = shared.read('knife', load('knife'));
  expect(started).toHaveLength(3);
  started[2].answer('2 left');
  await expect(later).resolves.toBe('2 left');
});

test('a read started before a change is not shared with a caller who asks after it', async () => {
  const { started, load } = reads();
  let changes = 0;
  const shared = new SharedReads<string>(() => changes);
  const before = shared.read('knife', load('knife'));
  changes += 1; // say, a restock committed while the first read was on its way
  const after = shared.read('knife', load('knife'));
  const alongside = shared.read('knife', load('knife'));
  expect(started).toHaveLength(2);
  started[0].answer('sold out');
  started[1].answer('5 left');
  await expect(Promise.all([before, after, alongside])).resolves.toEqual(['sold out', '5 left', '5 left']);
});

test('a failed read fails the callers who shared it, and the next caller reads again', async () => {
  const { started, load } = reads();
  const shared = new SharedReads<string>(() => 0);
  const first = shared.read('knife', load('knife'));
  const second = shared.read('knife', load('knife'));
  started[0].fail(new Error('connection lost'));
  await expect(first).rejects.toThrow('connection lost');
  await expect(second).rejects.toThrow('connection lost');
  const retry = shared.read('knife', load('knife'));
  expect(started).toHaveLength(2);
  started[1].answer('3 left');
  await expect(retry).resolves.toBe('3 left');
});
