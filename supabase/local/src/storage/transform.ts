/**
 * Image transformation options as hosted Storage reads and writes them (supabase/storage
 * src/http/schemas/transformations.ts, src/storage/renderer/image.ts ImageRenderer):
 * `width`, `height` (integers >= 0, clamped to TRANSFORM_LIMITS), `resize` cover|contain|fill,
 * `format` origin|avif|webp, `quality` 20..100, `gravity` (imgproxy's no|so|ea|we|noea|nowe|soea|sowe|ce|sm|fp).
 * Two string forms: the one a signed URL's token keeps (`transformations` claim,
 * `height:200,width:200,resize:cover,quality:60`) and the one answered in `X-Transformations`
 * (imgproxy's words: `height:200,width:200,resizing_type:fill,quality:60`).
 */
import { ERRORS } from './errors.js';

/** Hosted Storage's image transformation limits. */
export const TRANSFORM_LIMITS = {
  /** Output width and height, each (requested sizes are clamped to it). */
  minSize: 1,
  maxSize: 2500,
  /** The source file's size in bytes. */
  maxSourceBytes: 25 * 1024 * 1024,
  /** The source image's resolution in pixels (width x height). */
  maxSourcePixels: 50_000_000,
};

const RESIZES = ['cover', 'contain', 'fill'] as const;
const FORMATS = ['origin', 'avif', 'webp'] as const;
const GRAVITIES = ['no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'ce', 'sm', 'fp'] as const;

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: (typeof RESIZES)[number];
  format?: (typeof FORMATS)[number];
  quality?: number;
  gravity?: (typeof GRAVITIES)[number];
}

type Source = Record<string, unknown>;

function integer(src: Source, field: string, where: string, min: number, max = Infinity): number | undefined {
  const v = src[field];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw ERRORS.InvalidRequest(`${where}/${field} must be integer`);
  if (n < min) throw ERRORS.InvalidRequest(`${where}/${field} must be >= ${min}`);
  if (n > max) throw ERRORS.InvalidRequest(`${where}/${field} must be <= ${max}`);
  return n;
}

function choice<T extends string>(src: Source, field: string, where: string, allowed: readonly T[]): T | undefined {
  const v = src[field];
  if (v === undefined || v === null || v === '') return undefined;
  if (!allowed.includes(v as T)) throw ERRORS.InvalidRequest(`${where}/${field} must be equal to one of the allowed values`);
  return v as T;
}

/** The options of a query string (`where` = "querystring") or of a JSON body's `transform` (`body/transform`). */
export function readTransform(src: unknown, where: string): TransformOptions {
  if (src === undefined || src === null) return {};
  if (typeof src !== 'object' || Array.isArray(src)) throw ERRORS.InvalidRequest(`${where} must be object`);
  const s = src as Source;
  const out: TransformOptions = {
    width: integer(s, 'width', where, 0),
    height: integer(s, 'height', where, 0),
    resize: choice(s, 'resize', where, RESIZES),
    format: choice(s, 'format', where, FORMATS),
    quality: integer(s, 'quality', where, 20, 100),
    gravity: choice(s, 'gravity', where, GRAVITIES),
  };
  for (const key of Object.keys(out) as Array<keyof TransformOptions>) if (out[key] === undefined) delete out[key];
  return out;
}

const clamp = (n: number) => Math.min(Math.max(n, TRANSFORM_LIMITS.minSize), TRANSFORM_LIMITS.maxSize);

/** imgproxy's resizing type for a `resize` option (cover is the default). */
const RESIZING_TYPE = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/**
 * The option segments in Storage's order: `keepOriginal` gives the signed token's form (the
 * `resize` option as given, `undefined` when absent, as Storage writes it), else imgproxy's.
 */
export function segments(options: TransformOptions, keepOriginal = false): string[] {
  const out: string[] = [];
  if (options.height) out.push(`height:${clamp(options.height)}`);
  if (options.width) out.push(`width:${clamp(options.width)}`);
  if (options.width || options.height) {
    out.push(keepOriginal ? `resize:${options.resize}` : `resizing_type:${RESIZING_TYPE[options.resize ?? 'cover'] ?? 'fill'}`);
  }
  if (options.quality) out.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') out.push(`format:${options.format}`);
  if (options.gravity) out.push(`gravity:${options.gravity}`);
  return out;
}

/** A signed token's `transformations` claim read back (unknown or empty values are ignored, as Storage does). */
export function parseSegments(text: string): TransformOptions {
  const src: Source = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split(':');
    if (name && value) src[name] = value;
  }
  const out: TransformOptions = {};
  const width = Number.parseInt(String(src.width), 10);
  const height = Number.parseInt(String(src.height), 10);
  const quality = Number.parseInt(String(src.quality), 10);
  if (width > 0) out.width = width;
  if (height > 0) out.height = height;
  if (quality > 0) out.quality = quality;
  if (RESIZES.includes(src.resize as never)) out.resize = src.resize as TransformOptions['resize'];
  if (FORMATS.includes(src.format as never)) out.format = src.format as TransformOptions['format'];
  if (GRAVITIES.includes(src.gravity as never)) out.gravity = src.gravity as TransformOptions['gravity'];
  return out;
}

/**
 * What `/object/sign` adds to a token for a body's `transform`: the `transformations` claim
 * (and `format`) in the token's form, nothing when no option is set (then the URL stays `/object/sign`).
 */
export function transformClaims(transform: unknown): Record<string, string> {
  const options = readTransform(transform, 'body/transform');
  const kept = segments(options, true);
  if (!kept.length) return {};
  return { transformations: kept.join(','), ...(options.format ? { format: options.format } : {}) };
}
