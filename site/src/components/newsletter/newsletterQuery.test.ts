import { confirmOutcomeOf, unsubscribeTokenOf } from './newsletterQuery';

test('the confirmation outcome is read from ?newsletter=, other values are ignored', () => {
  expect(confirmOutcomeOf('?newsletter=confirmed')).toBe('confirmed');
  expect(confirmOutcomeOf('?a=1&newsletter=unknown')).toBe('unknown');
  expect(confirmOutcomeOf('?newsletter=<script>')).toBeNull();
  expect(confirmOutcomeOf('')).toBeNull();
});

test('the unsubscribe token must be a UUID', () => {
  const token = '3f2b8c1e-9d4a-4b7e-8c2f-1a2b3c4d5e6f';
  expect(unsubscribeTokenOf(`?token=${token}`)).toBe(token);
  expect(unsubscribeTokenOf('?token=nope')).toBeNull();
  expect(unsubscribeTokenOf('')).toBeNull();
});
