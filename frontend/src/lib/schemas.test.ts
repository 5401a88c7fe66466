import { describe, expect, test } from 'vitest';
import {
  ENGRAVING_MAX_LENGTH,
  ENGRAVING_PRICE,
  isEmailAddress,
  MAX_WHOLE_NUMBER,
  MAX_WHOLE_PRICE,
  NEW_PRODUCT_ENGRAVING,
  REVIEW_DESCRIPTION_MAX_LENGTH,
  SLUG_FORMAT,
} from '@keen/rules';
import {
  addProductInput,
  emailAddress,
  loginInput,
  passwordsMatch,
  profileInput,
  registerInput,
  reviewInput,
  signupInput,
  updateProductInput,
} from '@keen/rules/schemas';
import type { ZodType } from 'zod';
import { zodValidate } from './zodForm';

/** Each field's first message, as the forms show them. */
const messages = (schema: ZodType, values: object) => zodValidate(schema)(values);

describe('the e-mail rule (the server checks the same one)', () => {
  const accepted = [
    'ünï@exämple.de',
    'casey@keen.test',
    'first.last+tag@mail.example.co.uk',
    "o'brien@xn--exmple-cua.de",
    'δοκιμή@παράδειγμα.δοκιμή',
  ];
  const refused = [
    'a@b',
    '',
    'casey',
    'casey@',
    '@keen.test',
    'a b@keen.test',
    'a@b@keen.test',
    'a@keen..test',
    'a@.keen.test',
    'a@keen.test.',
    'a@ke en.test',
    'a@keen_shop.test',
    `${'a'.repeat(250)}@b.de`,
  ];

  test.each(accepted)('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
    expect(emailAddress.safeParse(address).success).toBe(true);
  });

  test.each(refused)('refuses "%s"', (address) => {
    expect(isEmailAddress(address)).toBe(false);
    expect(emailAddress.safeParse(address).success).toBe(false);
  });

  test('the schema trims before the rule; empty is "Email is Required", malformed "Enter a valid email"', () => {
    expect(emailAddress.parse('  ünï@exämple.de ')).toBe('ünï@exämple.de');
    expect(messages(loginInput, { email: '', password: 'x' })).toEqual({ email: 'Email is Required' });
    expect(messages(loginInput, { email: 'a@b', password: 'x' })).toEqual({ email: 'Enter a valid email' });
    expect(messages(loginInput, { email: 'ünï@exämple.de', password: '' })).toEqual({ password: 'Password is Required' });
  });
});

test('sign-up: SPEC messages, the phone labelled Contact Number, the terms, and the passwords that must match', () => {
  const empty = { name: ' ', email: '', address: '', phone: '', password: '', confirmPassword: '', terms: false };
  expect(messages(signupInput, empty)).toEqual({
    name: 'Name is Required',
    email: 'Email is Required',
    address: 'Address is Required',
    phone: 'Contact Number is Required',
    password: 'Password is Required',
    confirmPassword: 'Confirm Password is Required',
    terms: 'Please Agree Terms & Conditions',
  });
  const filled = {
    name: 'Ünï',
    email: 'ünï@exämple.de',
    address: '1 Forge Lane',
    phone: '+49 30 1234',
    password: 'p',
    confirmPassword: 'p',
    terms: true,
  };
  expect(messages(signupInput, filled)).toEqual({});
  expect(messages(signupInput, { ...filled, phone: 'call me' })).toEqual({
    phone: 'Contact Number must be a phone number (digits, spaces, dashes and a leading +)',
  });
  // Register's rules (the server parses sign-up's profile with registerInput), under the form's label.
  expect(messages(signupInput, { ...filled, phone: '5'.repeat(41) })).toEqual({ phone: 'Contact Number must be at most 40 characters' });
  expect(messages(registerInput, { ...filled, phone: '5'.repeat(41) })).toEqual({ phone: 'Phone must be at most 40 characters' });
  expect(passwordsMatch(filled)).toBe(true);
  expect(passwordsMatch({ password: 'p', confirmPassword: 'q' })).toBe(false);
});

test('profile update: Name, Phone, Address and photo are required', () => {
  expect(messages(profileInput, { name: '', phone: '', address: '', img: '' })).toEqual({
    name: 'Name is Required',
    phone: 'Phone is Required',
    address: 'Address is Required',
    img: 'Photo is Required',
  });
  expect(messages(profileInput, { name: 'A', phone: '12-ab', address: 'B', img: 'https://img.test/a.png' })).toEqual({
    phone: 'Phone must be a phone number (digits, spaces, dashes and a leading +)',
  });
});

test("profile: each field fits the server's column, counted once trimmed", () => {
  const fits = { name: ` ${'N'.repeat(120)} `, phone: '+1 555 0123', address: 'A'.repeat(500), img: `/uploads/${'p'.repeat(1987)}.png` };
  expect(messages(profileInput, fits)).toEqual({});
  expect(messages(profileInput, { name: 'N'.repeat(121), phone: '5'.repeat(41), address: 'A'.repeat(501), img: `${fits.img}x` })).toEqual({
    name: 'Name must be at most 120 characters',
    phone: 'Phone must be at most 40 characters',
    address: 'Address must be at most 500 characters',
    img: 'Photo must be at most 2000 characters',
  });
});

describe('products', () => {
  const product = {
    name: 'Chef',
    description: 'Sharp',
    price: 10,
    quantity: 5,
    minimumQuantity: 1,
    img: 'https://img.test/k.png',
    engravable: true,
    engravingMaxLength: 20,
    engravingPrice: 5,
  };

  test('add product: SPEC messages for empty fields (the minimum quantity reads "Product Quantity is Required")', () => {
    const empty = {
      name: '',
      description: '',
      price: '',
      quantity: '',
      minimumQuantity: '',
      img: '',
      engravable: false,
      engravingMaxLength: '',
      engravingPrice: '',
    };
    expect(messages(addProductInput, empty)).toEqual({
      name: 'Product Name is Required',
      description: 'Product Description is Required',
      price: 'Product Price is Required',
      quantity: 'Product Quantity is Required',
      minimumQuantity: 'Product Quantity is Required',
      img: 'Product Photo is Required',
      engravingMaxLength: `${ENGRAVING_MAX_LENGTH.label} is Required`,
      engravingPrice: `${ENGRAVING_PRICE.label} is Required`,
    });
    expect(messages(addProductInput, product)).toEqual({});
    expect(messages(addProductInput, { ...product, price: 0, quantity: 1.5, minimumQuantity: 0, engravingMaxLength: 41 })).toEqual({
      price: 'Product Price must be at least 1',
      quantity: 'Must be a whole number',
      minimumQuantity: 'Minimum Quantity must be at least 1',
      engravingMaxLength: `${ENGRAVING_MAX_LENGTH.label} must be between ${ENGRAVING_MAX_LENGTH.min} and ${ENGRAVING_MAX_LENGTH.max}`,
    });
  });

  test('add product: the stock may be 0, numbers fit a 32-bit column, text fits its column; engraving settings default', () => {
    expect(messages(addProductInput, { ...product, quantity: 0 })).toEqual({});
    expect(
      messages(addProductInput, {
        ...product,
        name: 'K'.repeat(121),
        description: 'd'.repeat(5001),
        price: MAX_WHOLE_PRICE + 1,
        quantity: -1,
        minimumQuantity: MAX_WHOLE_NUMBER + 1,
      }),
    ).toEqual({
      name: 'Product Name must be at most 120 characters',
      description: 'Product Description must be at most 5000 characters',
      price: `Product Price must be at most ${MAX_WHOLE_PRICE}`,
      quantity: 'Product Quantity cannot be negative',
      minimumQuantity: `Minimum Quantity must be at most ${MAX_WHOLE_NUMBER}`,
    });
    const { engravable: _e, engravingMaxLength: _l, engravingPrice: _p, ...plain } = product;
    // The engraving surcharge left out is the server's default (0), whichever unit the caller uses;
    // a product made through the API is not age-restricted unless it says so.
    const { engravingPrice: _default, ...defaults } = NEW_PRODUCT_ENGRAVING;
    expect(addProductInput.parse(plain)).toEqual({
      ...plain,
      ...defaults,
      engravingPlacements: ['BladeLeft'],
      taxCategory: 'standard',
      ageRestricted: false,
      kind: 'KNIFE',
    });
  });

  test('update product: its own minimum-quantity message, and the stock may be 0', () => {
    const { name: _name, description: _description, ...update } = product;
    expect(messages(updateProductInput, { ...update, price: '', quantity: '', minimumQuantity: '', img: '' })).toEqual({
      price: 'Product Price is Required',
      quantity: 'Product Quantity is Required',
      minimumQuantity: 'Minimum Quantity is Required',
      img: 'Product Photo is Required',
    });
    expect(messages(updateProductInput, { ...update, quantity: 0 })).toEqual({});
    expect(messages(updateProductInput, { ...update, quantity: -1 })).toEqual({ quantity: 'Product Quantity cannot be negative' });
  });

  test('update product: a name or description sent must not be blank; what is left out is left as it is', () => {
    const { name: _name, description: _description, engravable: _e, engravingMaxLength: _l, engravingPrice: _p, ...update } = product;
    expect(updateProductInput.parse(update)).toEqual(update);
    expect(messages(updateProductInput, { ...update, name: ' ', description: '' })).toEqual({
      name: 'Product Name is Required',
      description: 'Product Description is Required',
    });
  });

  test('update product: a slug is kept in lowercase, words of a-z and digits joined by single dashes, at most 80 characters', () => {
    const { name: _name, description: _description, engravable: _e, engravingMaxLength: _l, engravingPrice: _p, ...update } = product;
    expect(updateProductInput.parse({ ...update, slug: ' Engraved-Santoku-7 ' }).slug).toBe('engraved-santoku-7');
    for (const slug of ['two words', 'double--dash', '-edge', 'edge-', 'crème', 'a_b'])
      expect({ slug, errors: messages(updateProductInput, { ...update, slug }) }).toEqual({ slug, errors: { slug: SLUG_FORMAT } });
    expect(messages(updateProductInput, { ...update, slug: ' ' })).toEqual({ slug: 'Slug is Required' });
    expect(messages(updateProductInput, { ...update, slug: 'a'.repeat(81) })).toEqual({ slug: 'Slug must be at most 80 characters' });
  });
});

test('review: an empty rating reads "Product Name is Required" (sic, SPEC §5); 1 to 5 whole stars; a description', () => {
  expect(messages(reviewInput, { star: '', description: ' ' })).toEqual({
    star: 'Product Name is Required',
    description: 'Product Description is Required',
  });
  expect(messages(reviewInput, { star: 0, description: 'ok' })).toEqual({ star: 'Ratings must be at least 1' });
  expect(messages(reviewInput, { star: 6, description: 'ok' })).toEqual({ star: 'Ratings must be at most 5' });
  expect(messages(reviewInput, { star: 4.5, description: 'ok' })).toEqual({ star: 'Ratings must be a whole number' });
  expect(messages(reviewInput, { star: 5, description: 'x'.repeat(REVIEW_DESCRIPTION_MAX_LENGTH + 1) })).toEqual({
    description: `Product Description must be at most ${REVIEW_DESCRIPTION_MAX_LENGTH} characters`,
  });
  expect(reviewInput.parse({ star: 5, description: '  Sharp.  ' })).toEqual({ star: 5, description: 'Sharp.' });
});
