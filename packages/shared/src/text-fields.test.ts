/** Plain-text fields (docs/security.md V1): one rule for every stored free-text field of the write schemas. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkoutSchema } from './cart.js';
import { partInputSchema } from './catalog-admin.js';
import { fitmentRowInputSchema } from './fitment.js';
import { signUpSchema } from './identity.js';
import { messages } from './messages.js';
import { orderStatusChangeSchema, placeOrderSchema } from './orders.js';
import { profileInputSchema } from './profiles.js';
import { reviewInputSchema } from './reviews.js';
import { stockAdjustmentInputSchema } from './stock.js';
import { optionalText, plainTextProblem, requiredText } from './text-fields.js';

const { plainText, controlCharacters } = messages.validation;

describe('plainTextProblem', () => {
  it('refuses tags, comments and doctypes, and keeps a lone "<"', () => {
    for (const tag of [
      '<script>alert(1)</script>',
      'bold <b>x',
      'end </b',
      '<!-- x -->',
      '<?xml',
      '<img src=x>',
    ])
      expect(plainTextProblem('Note', tag)).toBe(plainText('Note'));
    for (const text of ['Pads wear < 2 mm', 'a < b > c', '<', '2 <= 3', 'x <3', '<<'])
      expect(plainTextProblem('Note', text)).toBeNull();
  });

  it('refuses control characters; a multi-line field keeps line breaks only', () => {
    for (const text of ['a\u0000b', 'a\u0007b', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\nb', 'a\r\nb'])
      expect(plainTextProblem('Name', text)).toBe(controlCharacters('Name', false));
    expect(plainTextProblem('Note', 'line one\nline two\r\nthree', { multiLine: true })).toBeNull();
    for (const text of ['a\tb', 'a\u0000b', 'a\u001bb', 'a\u009bb'])
      expect(plainTextProblem('Note', text, { multiLine: true })).toBe(controlCharacters('Note', true));
  });

  it('keeps accents, emoji and other scripts', () => {
    expect(plainTextProblem('Name', 'José Müller-Łukasz 山田 👍 & Co.')).toBeNull();
  });
});

describe('requiredText and optionalText', () => {
  it('trim first, so surrounding line breaks and tabs are not refused', () => {
    expect(requiredText('City', 'City is Required', 10).parse('\t Paris \n')).toBe('Paris');
    expect(optionalText('PO', 10).parse(' \n')).toBe('');
  });
});

/** The first issue's message of `schema` for `input`, by field path, or null when it parses. */
function problemOf(schema: z.ZodType, input: unknown): Record<string, string> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return { [issue.path.join('.')]: issue.message };
}

describe('the write schemas', () => {
  const checkout = { address: '1 Depot Road', phone: '555-0100', poNumber: 'PO-1', note: 'Gate 4' };
  const part = {
    name: 'Pads',
    description: 'Front pads',
    available: 1,
    minqty: 1,
    price: 1,
    img: 'https://example.com/a.png',
  };
  const cases: [string, z.ZodType, object, string, string, boolean][] = [
    // [name, schema, valid input, field, label, multi-line]
    [
      'sign-up',
      signUpSchema,
      { name: 'Ann', email: 'a@b.co', password: 'long enough' },
      'name',
      'Name',
      false,
    ],
    ['checkout', checkoutSchema, checkout, 'address', 'Address', true],
    ['checkout', checkoutSchema, checkout, 'phone', 'Phone', false],
    ['checkout', checkoutSchema, checkout, 'poNumber', 'PO number', false],
    ['checkout', checkoutSchema, checkout, 'note', 'Note', true],
    [
      'order',
      placeOrderSchema,
      { productId: 'x', quantity: 1, address: 'Here', phone: '1' },
      'address',
      'Address',
      true,
    ],
    [
      'order',
      placeOrderSchema,
      { productId: 'x', quantity: 1, address: 'Here', phone: '1' },
      'phone',
      'Phone',
      false,
    ],
    [
      'profile',
      profileInputSchema,
      { education: 'BSc', address: '1 Road', city: 'Springfield', phone: '1' },
      'city',
      'City',
      false,
    ],
    [
      'profile',
      profileInputSchema,
      { education: 'BSc', address: '1 Road', city: 'Springfield', phone: '1' },
      'address',
      'Address',
      true,
    ],
    [
      'review',
      reviewInputSchema,
      { name: 'Ann', description: 'Good', rating: 5, img: 'https://example.com/a.png' },
      'description',
      'Description',
      true,
    ],
    ['product', partInputSchema, part, 'name', 'Title', false],
    ['product', partInputSchema, part, 'description', 'Description', true],
    ['stock', stockAdjustmentInputSchema, { change: 1, note: 'Count' }, 'note', 'Reason', false],
    ['shipping', orderStatusChangeSchema, { status: 'shipped', carrier: 'UPS' }, 'carrier', 'Carrier', false],
    [
      'fitment',
      fitmentRowInputSchema,
      { make: 'toyota', model: 'camry', yearFrom: 2019, yearTo: 2019, note: 'ok' },
      'note',
      'Note',
      false,
    ],
  ];

  it.each(cases)('%s: %s refuses a tag and control characters, naming the field', (...args) => {
    const [, schema, valid, field, label, multiLine] = args;
    expect(problemOf(schema, valid)).toBeNull();
    expect(problemOf(schema, { ...valid, [field]: 'x <b>bold</b>' })).toEqual({ [field]: plainText(label) });
    expect(problemOf(schema, { ...valid, [field]: 'x\u0007y' })).toEqual({
      [field]: controlCharacters(label, multiLine),
    });
    expect(problemOf(schema, { ...valid, [field]: 'a < b' })).toBeNull();
    if (multiLine) expect(problemOf(schema, { ...valid, [field]: 'line\nnext' })).toBeNull();
    else
      expect(problemOf(schema, { ...valid, [field]: 'line\nnext' })).toEqual({
        [field]: controlCharacters(label, false),
      });
  });
});
