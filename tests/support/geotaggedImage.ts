/**
 * A phone-style photo for the metadata tests: a JPEG carrying EXIF (camera, a description), a GPS
 * position and an XMP packet, made with sharp; and what a reader finds in any image's bytes
 * (exifr), so a test can say that what the public fetches carries none of it.
 */
import exifr from 'exifr';
import sharp from 'sharp';

/** The position written into the photo (a yard in Oakland). */
export const YARD = { latitude: 37.795397, longitude: -122.231503 };

const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
  + '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:title="Hive at the lemon tree"/></rdf:RDF></x:xmpmeta>';

export const PHOTO_SIZE = { width: 640, height: 480 };

export async function geotaggedJpeg(): Promise<Buffer> {
  return sharp({ create: { ...PHOTO_SIZE, channels: 3, background: { r: 214, g: 160, b: 48 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'P1', ImageDescription: 'Secret Lane by the Lemon Tree' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 47/1 4343/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 13/1 5341/100' },
    })
    .withXmp(XMP)
    .toBuffer();
}

/** Every metadata block exifr reads (EXIF, GPS, XMP, IPTC, ICC aside), or undefined when none. */
export function readMetadata(bytes: Buffer | Uint8Array): Promise<Record<string, unknown> | undefined> {
  return exifr.parse(Buffer.from(bytes), { tiff: true, exif: true, gps: true, xmp: true, iptc: true, interop: true, ifd1: true });
}

/** The decoded image's format and pixel size (throws when the bytes are no image). */
export async function decoded(bytes: Buffer | Uint8Array) {
  const { format, width, height } = await sharp(Buffer.from(bytes)).metadata();
  const { info } = await sharp(Buffer.from(bytes)).raw().toBuffer({ resolveWithObject: true });
  return { format, width, height, decodedWidth: info.width, decodedHeight: info.height };
}
