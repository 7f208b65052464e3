/**
 * An uploaded image measured whole: its type and claimed size from its header (imageInfo.ts), then
 * every pixel decoded by a real codec (fast-png, jpeg-js, libwebp in WASM; all run in Deno and
 * the Edge Runtime, unlike native ones), so a header claiming a size its data does not hold, a file
 * cut short or corrupt is `decoded: false` with the size it claims. An image claiming more pixels
 * than `maxPixels` is not decoded at all (the function's memory) and is `decoded: false` too; the
 * database's rules (art_file_problem) then say which refusal applies.
 */
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { decode as decodeWebp } from '@jsquash/webp';
import { imageInfo, type ImageInfo } from './imageInfo.ts';

export interface Measured extends ImageInfo {
  /** Every pixel of the file decoded to its end, at the size given here. */
  decoded: boolean;
}

type Size = { width: number; height: number };

const decoders: Record<ImageInfo['type'], (bytes: Uint8Array, maxPixels: number) => Promise<Size> | Size> = {
  // the CRC of every chunk, and the pixel rows the header promises (fewer throw)
  'image/png': (bytes) => decodePng(bytes, { checkCrc: true }),
  // not tolerant: a missing marker, a scan cut short or a bad Huffman code throws
  'image/jpeg': (bytes, maxPixels) => jpeg.decode(bytes, {
    tolerantDecoding: false, formatAsRGBA: false, maxResolutionInMP: maxPixels / 1e6, maxMemoryUsageInMB: 512,
  }),
  'image/webp': (bytes) => decodeWebp(bytes.slice().buffer),
};

/** The file's real type and size, or null when it is no PNG, JPEG or WebP at all. */
export async function measureImage(bytes: Uint8Array, maxPixels: number): Promise<Measured | null> {
  const info = imageInfo(bytes);
  if (!info) return null;
  if (info.width * info.height > maxPixels) return { ...info, decoded: false };
  try {
    const { width, height } = await decoders[info.type](bytes, maxPixels);
    return { type: info.type, width, height, decoded: width === info.width && height === info.height };
  } catch {
    return { ...info, decoded: false };
  }
}
