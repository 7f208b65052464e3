/**
 * A photo leaves the browser without its metadata: EXIF (with the GPS position a phone writes),
 * XMP and comments stay behind, because the picture is drawn on a canvas and the canvas encodes
 * only its pixels (upright: createImageBitmap applies the EXIF orientation first). Hosted Storage
 * serves a public bucket's files byte for byte, so this is what keeps a hive's position out of
 * the Media Library there; the embedded Storage strips public images again on its side
 * (supabase/local/src/storage/strip-metadata.ts).
 *
 * JPEG, PNG and WebP are re-encoded in their own type. GIF and AVIF, which browsers cannot encode,
 * go as they are (docs/security-notes/media.md).
 */

/** The types a browser canvas writes. */
const REENCODED_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

/** JPEG and WebP quality: high enough that a re-encoded photo looks the same. */
const QUALITY = 0.92;

/** Why an image could not be cleaned, in words for the user. */
export class StripRefusal extends Error {}

export async function stripImageMetadata(file: Blob, type: string): Promise<Blob> {
  if (!REENCODED_TYPES.includes(type)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new StripRefusal('it could not be read as an image');
  }
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    const clean = await canvas.convertToBlob({ type, quality: QUALITY });
    // A browser that cannot write this type answers a PNG: never send it under the wrong type.
    if (clean.type !== type) throw new StripRefusal(`this browser cannot write ${type} images; try JPEG or PNG`);
    return clean;
  } finally {
    bitmap.close();
  }
}
