/**
 * The query-string parser of the embedded backend against the examples in PostgREST's own
 * parser documentation (src/library/PostgREST/ApiRequest/QueryParams.hs doctests): the parsed
 * form, and the PGRST100 message and details of what does not parse.
 */
import { parseQuery } from '../../supabase/local/src/rest/query/parse';
import { QueryParamError } from '../../supabase/local/src/rest/query/types';

function failure(query: string, rpcRead = false) {
  try {
    parseQuery(query, rpcRead);
  } catch (err) {
    if (err instanceof QueryParamError) return { message: err.message, details: err.details };
    throw err;
  }
  throw new Error(`${query} parsed`);
}

test.each([
  ['a=noop.0', '"failed to parse filter (noop.0)" (line 1, column 1)', 'unexpected "o" expecting "not" or operator (eq, gt, ...)'],
  ['id=val', '"failed to parse filter (val)" (line 1, column 1)', 'unexpected "v" expecting "not" or operator (eq, gt, ...)'],
  ['a=eq().value', '"failed to parse filter (eq().value)" (line 1, column 4)', 'unexpected ")" expecting operator (eq, gt, ...)'],
  ['a=is().value', '"failed to parse filter (is().value)" (line 1, column 3)', 'unexpected "(" expecting operator (eq, gt, ...)'],
  ['a=in().value', '"failed to parse filter (in().value)" (line 1, column 3)', 'unexpected "(" expecting operator (eq, gt, ...)'],
  ['a=fts().value', '"failed to parse filter (fts().value)" (line 1, column 5)', 'unexpected ")" expecting operator (eq, gt, ...)'],
  ['a=', '"failed to parse filter ()" (line 1, column 1)', 'unexpected end of input expecting "not" or operator (eq, gt, ...)'],
])('%s is PGRST100 with PostgREST text', (query, message, details) => {
  expect(failure(query)).toEqual({ message, details });
});

test('order, logic trees and select that do not parse name their parameter', () => {
  expect(failure('order=id.ac').message).toBe('"failed to parse order (id.ac)" (line 1, column 4)');
  expect(failure('or=(id.eq.1').message).toBe('"failed to parse logic tree ((id.eq.1)" (line 1, column 11)');
  expect(failure('select=id,,name').message).toMatch(/^"failed to parse select parameter \(id,,name\)"/);
});

test('filters, quantifiers, lists with quotes and nested trees parse as PostgREST reads them', () => {
  const q = parseQuery('id=eq(any).{1,2}&name=in.("a,b",c)&not.or=(x.is.NULL,and(y.gt.1,z.not.like.*a*))&order=b.desc.nullslast,c', false);
  expect(q.where[0]).toEqual({ type: 'filter', column: 'id', negate: false, op: { kind: 'op', sql: '=', value: '{1,2}', quant: 'any', star: false } });
  expect(q.where[1]).toMatchObject({ op: { kind: 'in', values: ['a,b', 'c'] } });
  expect(q.where[2]).toMatchObject({
    type: 'logic', negate: true, operator: 'or',
    children: [{ column: 'x', op: { kind: 'is', value: 'null' } }, { type: 'logic', operator: 'and', children: [{ column: 'y' }, { column: 'z', negate: true }] }],
  });
  expect(q.order).toEqual([{ column: 'b', direction: 'desc', nulls: 'last' }, { column: 'c', direction: null, nulls: null }]);
});

test('on GET, a parameter without an operator is a function argument; limit/offset ignore non-integers', () => {
  const q = parseQuery('table_name=products&price=gt.5&limit=abc&offset=3', true);
  expect(q.args).toEqual({ table_name: 'products' });
  expect(q.where).toHaveLength(1);
  expect([q.limit, q.offset]).toEqual([null, 3]);
});
