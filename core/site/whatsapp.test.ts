import { expect, it } from 'vitest';
import { whatsappUrl } from './whatsapp.ts';

it('links to the number with the text encoded, or to an empty chat without one', () => {
  expect(whatsappUrl('31612345678', 'Prijs & levertijd? #1 + ook\nmorgen')).toBe(
    'https://api.whatsapp.com/send/?phone=31612345678&text=Prijs%20%26%20levertijd%3F%20%231%20%2B%20ook%0Amorgen',
  );
  expect(whatsappUrl('31612345678')).toBe('https://api.whatsapp.com/send/?phone=31612345678');
  expect(whatsappUrl('31612345678', '')).toBe('https://api.whatsapp.com/send/?phone=31612345678');
});
