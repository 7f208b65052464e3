/**
 * The art function's file sniffing (supabase/functions/art/imageInfo.ts): the type and pixel size
 * of real PNG, JPEG (baseline and progressive) and WebP (lossy, lossless, with alpha) files made by
 * sharp; HTML, SVG, GIF and truncated files are no image, whatever their name.
 */
import sharp from 'sharp';
import { imageInfo } from '../../supabase/functions/art/imageInfo';

const make = () => sharp({ create: { width: 2345, height: 1234, channels: 4, background: { r: 200, g: 150, b: 20, alpha: 0.5 } } });

test.each([
  ['PNG', () => make().png(), 'image/png'],
  ['JPEG', () => make().jpeg(), 'image/jpeg'],
  ['progressive JPEG', () => make().jpeg({ progressive: true }), 'image/jpeg'],
  ['lossy WebP', () => make().webp({ alphaQuality: 100 }), 'image/webp'],
  ['lossless WebP', () => make().webp({ lossless: true }), 'image/webp'],
  ['opaque lossy WebP', () => make().removeAlpha().webp(), 'image/webp'],
] as const)('%s: its type and size', async (_, build, type) => {
  const bytes = new Uint8Array(await build().toBuffer());
  expect(imageInfo(bytes)).toEqual({ type, width: 2345, height: 1234 });
});

test.each([
  ['HTML renamed .png', '<!DOCTYPE html><script>alert(1)</script>'],
  ['SVG renamed .png', '<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><script>alert(1)</script></svg>'],
  ['GIF', 'GIF89a\x10\x00\x10\x00'],
  ['empty', ''],
])('%s is no image', (_, text) => {
  expect(imageInfo(new TextEncoder().encode(text))).toBeNull();
});

test('a PNG cut before its header, or a JPEG with no frame header, is no image', async () => {
  const png = new Uint8Array(await make().png().toBuffer());
  expect(imageInfo(png.subarray(0, 20))).toBeNull();
  expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9, 0, 0, 0]))).toBeNull();
});
