/** 'image/png' -> true: such files are shown as a picture, everything else as a type tile. */
export const isImage = (fileType: unknown): boolean =>
  typeof fileType === 'string' && fileType.toLowerCase().startsWith('image/');

/** The main part of a mime type ('application/pdf' -> 'application'); 'file' when unknown. */
export const mainType = (fileType: unknown): string =>
  (typeof fileType === 'string' && fileType.split('/')[0].trim()) || 'file';
