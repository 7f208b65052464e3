/**
 * Request-body checks with Storage's wording for schema failures (its routes validate JSON
 * bodies with Fastify's JSON-schema validator: 400 InvalidRequest `body/<field> must be ...`).
 */
import { ERRORS } from './errors.js';

type Obj = Record<string, unknown>;

export function object(value: unknown, where = 'body'): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ERRORS.InvalidRequest(`${where} must be object`);
  }
  return value as Obj;
}

export function str(body: Obj, field: string, required = false): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) {
    if (required) throw ERRORS.InvalidRequest(`body must have required property '${field}'`);
    return undefined;
  }
  if (typeof v !== 'string') throw ERRORS.InvalidRequest(`body/${field} must be string`);
  return v;
}

export function int(body: Obj, field: string, minimum = 0): number | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw ERRORS.InvalidRequest(`body/${field} must be integer`);
  if (n < minimum) throw ERRORS.InvalidRequest(`body/${field} must be >= ${minimum}`);
  return n;
}

export function bool(body: Obj, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw ERRORS.InvalidRequest(`body/${field} must be boolean`);
  return v;
}

export function oneOf<T extends string>(body: Obj, field: string, allowed: T[]): T | undefined {
  const v = str(body, field);
  if (v === undefined) return undefined;
  if (!allowed.includes(v as T)) throw ERRORS.InvalidRequest(`body/${field} must be equal to one of the allowed values`);
  return v as T;
}

export function list(body: Obj, field: string): string[] {
  const v = body[field];
  if (v === undefined) throw ERRORS.InvalidRequest(`body must have required property '${field}'`);
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw ERRORS.InvalidRequest(`body/${field} must be array of strings`);
  return v as string[];
}
