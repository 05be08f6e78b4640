import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { IMAGE_ID_PATTERN, PICTURE_TYPES, pictureFileName } from '@marketlens/shared';
import type { WarehouseEngine } from '../warehouse/engine.js';

/**
 * Product pictures by image id (spec §9 "pictures by id from a file service", docs/api.md): first
 * the pictures imported with the loaded datasets (each version's folder, immutable), then the
 * external file service of PICTURE_BASE_URL. Only ids matching IMAGE_ID_PATTERN are ever looked
 * up, and only names listed in a version's own folder are ever opened, so no request can name
 * another file.
 */

export interface PictureFile {
  readonly kind: 'file';
  readonly body: Buffer;
  readonly contentType: string;
  /** Strong ETag: a hash of the bytes. */
  readonly etag: string;
  readonly svg: boolean;
}

export type PictureAnswer = PictureFile | { readonly kind: 'redirect'; readonly location: string } | undefined;

/** id (with and without extension) → file name, of one version's folder. */
type FolderIndex = ReadonlyMap<string, string>;

async function indexFolder(dir: string): Promise<FolderIndex> {
  const index = new Map<string, string>();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return index; // removed by a newer import meanwhile: the next request sees the new version
  }
  for (const name of names) {
    const parsed = pictureFileName(name);
    if (!parsed) continue;
    index.set(parsed.id, name);
    index.set(name, name);
  }
  return index;
}

export class PictureStore {
  /** By folder path; a version's folder never changes, so an index is valid as long as it is current. */
  private readonly indexes = new Map<string, Promise<FolderIndex>>();

  constructor(
    private readonly warehouse: WarehouseEngine,
    /** PICTURE_BASE_URL without trailing slash, or undefined. */
    private readonly externalBase: string | undefined,
  ) {}

  /** The picture of `id`: a file, a redirect to the external file service, or undefined (unknown). */
  async find(id: string): Promise<PictureAnswer> {
    if (!IMAGE_ID_PATTERN.test(id)) return undefined;
    for (const dir of this.currentFolders()) {
      const name = (await this.index(dir)).get(id);
      if (!name) continue;
      const body = await fs.readFile(path.join(dir, name)).catch(() => undefined);
      if (!body) continue;
      const ext = pictureFileName(name)!.ext;
      return {
        kind: 'file',
        body,
        contentType: PICTURE_TYPES[ext]!,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
        svg: ext === 'svg',
      };
    }
    if (this.externalBase) return { kind: 'redirect', location: `${this.externalBase}/${encodeURIComponent(id)}` };
    return undefined;
  }

  /** Picture folders of the datasets loaded now, by dataset name (a fixed order: the same id, the same file). */
  private currentFolders(): string[] {
    const folders = this.warehouse
      .datasets()
      .map((d) => d.manifest.name)
      .sort()
      .map((name) => this.warehouse.picturesDir(name))
      .filter((dir): dir is string => dir !== undefined);
    // Forget the indexes of versions that a newer import replaced.
    for (const dir of this.indexes.keys()) if (!folders.includes(dir)) this.indexes.delete(dir);
    return folders;
  }

  private index(dir: string): Promise<FolderIndex> {
    let index = this.indexes.get(dir);
    if (!index) {
      index = indexFolder(dir);
      this.indexes.set(dir, index);
    }
    return index;
  }
}
