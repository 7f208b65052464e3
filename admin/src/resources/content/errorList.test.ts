import { errorList } from './useDraftActions';

test("the form's nested errors as a list of paths and messages (list items and the document root included)", () => {
  const errors = {
    hero: { title: { type: 'too_small', message: 'Required', ref: {} }, ctas: [undefined, { to: { type: 'invalid_type', message: 'Required' } }] },
    '': { type: 'unrecognized_keys', message: 'Unrecognized key: "subtitle"' },
  };
  expect(errorList(errors as never)).toEqual([
    { path: ['hero', 'title'], message: 'Required' },
    { path: ['hero', 'ctas', '1', 'to'], message: 'Required' },
    { path: [''], message: 'Unrecognized key: "subtitle"' },
  ]);
});
