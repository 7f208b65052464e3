/**
 * PostgREST errors as react-admin errors: the message and status always; a broken constraint's
 * message (buzz_haven.constraint_messages, with `details` naming the field) also at its field.
 */
import { toHttpError } from './rpcError';

test('a broken constraint: its message, and the same message on the field the details name', () => {
  const error = toHttpError({
    code: '23514', message: 'Name must be 1 to 200 characters', details: '{"field" : "name", "constraint" : "bees_name_length"}',
  }, 400);
  expect(error.message).toBe('Name must be 1 to 200 characters');
  expect(error.status).toBe(400);
  expect(error.body).toMatchObject({ code: '23514', errors: { name: 'Name must be 1 to 200 characters' } });
  expect(toHttpError({ code: '23502', message: 'Name is required', details: '{"field": "name"}' }, 400).body.errors).toEqual({ name: 'Name is required' });
  expect(toHttpError({ code: '23503', message: 'Choose it from the list', details: '{"field" : "neighbourhood"}' }, 400).body.errors)
    .toEqual({ neighbourhood: 'Choose it from the list' });
});

test('other errors, and details that are not JSON or name no field, set no field error', () => {
  expect(toHttpError({ code: '42501', message: 'Only an owner', details: '{"field": "name"}' }, 403).body.errors).toBeUndefined();
  expect(toHttpError({ code: '23514', message: 'new row violates check constraint "x"', details: 'Failing row contains (…)' }, 400).body.errors).toBeUndefined();
  expect(toHttpError({ code: '23514', message: 'x', details: '{"constraint": "x"}' }, 400).body.errors).toBeUndefined();
  expect(toHttpError({ message: '' }, undefined)).toMatchObject({ message: 'Request failed', status: 500 });
});
