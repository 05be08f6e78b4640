/**
 * Product pictures of a dataset (docs/data-format.md §10): the `pictures/` folder beside the tables,
 * one file per image id. The importer, the generator and the picture route share these rules.
 */
import { IMAGE_ID_PATTERN } from './links.js';

/** The folder of a dataset (source and imported version) that holds its pictures. */
export const PICTURES_FOLDER = 'pictures';

/** Accepted picture files by extension (lower case) and the Content-Type they are served with. */
export const PICTURE_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** Largest accepted picture file: product thumbnails, not photo archives. */
export const PICTURE_MAX_BYTES = 1024 * 1024;

export interface PictureFileName {
  /** The file name without its extension: the image id the file answers to. */
  readonly id: string;
  /** Lower-case extension, a key of {@link PICTURE_TYPES}. */
  readonly ext: string;
}

/**
 * The image id a picture file answers to: `<id>.<ext>` with an accepted extension (any case) and an
 * id that is a valid image id. Such a file also answers to its full name, so `dim_sku.image_id` may be
 * `abc` or `abc.jpg`. Anything else (other extensions, hidden files, odd names) → null.
 */
export function pictureFileName(fileName: string): PictureFileName | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = fileName.slice(0, dot);
  const ext = fileName.slice(dot + 1).toLowerCase();
  if (!Object.hasOwn(PICTURE_TYPES, ext) || !IMAGE_ID_PATTERN.test(id) || !IMAGE_ID_PATTERN.test(fileName)) {
    return null;
  }
  return { id, ext };
}

/** Whether a file name has an accepted picture extension (the importer checks such files further). */
export function hasPictureExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 && Object.hasOwn(PICTURE_TYPES, fileName.slice(dot + 1).toLowerCase());
}
