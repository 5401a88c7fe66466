import { expect, test } from 'vitest';
import { z } from 'zod';
import { zodValidate } from './zodForm';

const schema = z
  .object({
    name: z.string().min(1, 'Name is Required').max(3, 'Too long'),
    address: z.object({ city: z.string().min(1, 'City is Required') }),
    lines: z.array(z.object({ quantity: z.int({ error: 'Quantity is Required' }).min(1, 'At least 1') })),
  })
  .refine((form) => form.name !== 'bad', 'The form is refused');

test('valid values give no errors', () => {
  expect(zodValidate(schema)({ name: 'ok', address: { city: 'Oslo' }, lines: [{ quantity: 2 }] })).toEqual({});
});

test('errors are keyed by field path, nested as formik reads them, with the first message of each field', () => {
  const errors = zodValidate(schema)({ name: '', address: { city: '' }, lines: [{ quantity: 1 }, { quantity: '' }] });
  expect(errors).toEqual({
    name: 'Name is Required',
    address: { city: 'City is Required' },
    lines: [undefined, { quantity: 'Quantity is Required' }],
  });
});

test('a field that breaks several rules shows the first one only', () => {
  const twoRules = z.object({ code: z.string().min(5, 'At least 5').regex(/^\d+$/, 'Digits only') });
  expect(zodValidate(twoRules)({ code: 'ab' })).toEqual({ code: 'At least 5' });
});

test('an issue about the whole form still stops the submit (kept under "")', () => {
  expect(zodValidate(schema)({ name: 'bad', address: { city: 'Oslo' }, lines: [] })).toEqual({ '': 'The form is refused' });
});
