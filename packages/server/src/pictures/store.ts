import { createHash } from 'node:crypto';
import { IMAGE_ID_PATTERN, PICTURE_TYPES, pictureFileName } from '@marketlens/shared';
import type { WarehouseEngine } from '../warehouse/engine.js';
import { type PackedPicture, readPacked, readPackIndex } from '../warehouse/pictures.js';

/**
 * Product pictures by image id (docs/product.md §9 "pictures by id from a file service", docs/api.md): first
 * the pictures imported with the loaded datasets (each version's pack, immutable), then the
 * external file service of PICTURE_BASE_URL. Only ids matching IMAGE_ID_PATTERN are ever looked
 * up, and only a version's own pack is ever opened, at the places its index names: no request can
 * reach another file.
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

interface Indexed extends PackedPicture {
  readonly ext: string;
  /** The ETag, hashed at the first request: a version's pack never changes. */
  etag?: string;
}

/** id (with and without extension) → where its bytes are, of one version's pack. */
type PackIndex = ReadonlyMap<string, Indexed>;

async function indexPack(file: string): Promise<PackIndex> {
  const index = new Map<string, Indexed>();
  let packed: Map<string, PackedPicture>;
  try {
    packed = await readPackIndex(file);
  } catch {
    return index; // removed by a newer import meanwhile: the next request sees the new version
  }
  for (const [name, at] of packed) {
    const parsed = pictureFileName(name);
    if (!parsed) continue;
    const entry: Indexed = { ...at, ext: parsed.ext };
    index.set(parsed.id, entry);
    index.set(name, entry);
  }
  return index;
}

export class PictureStore {
  /** By pack path; a version's pack never changes, so an index is valid as long as it is current. */
  private readonly indexes = new Map<string, Promise<PackIndex>>();

  constructor(
    private readonly warehouse: WarehouseEngine,
    /** PICTURE_BASE_URL without trailing slash, or undefined. */
    private readonly externalBase: string | undefined,
  ) {}

  /** The picture of `id`: a file, a redirect to the external file service, or undefined (unknown). */
  async find(id: string): Promise<PictureAnswer> {
    if (!IMAGE_ID_PATTERN.test(id)) return undefined;
    for (const pack of this.currentPacks()) {
      const at = (await this.index(pack)).get(id);
      if (!at) continue;
      const body = await readPacked(pack, at).catch(() => undefined);
      if (!body) continue;
      const { ext } = at;
      at.etag ??= `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
      return {
        kind: 'file',
        body,
        contentType: PICTURE_TYPES[ext]!,
        etag: at.etag,
        svg: ext === 'svg',
      };
    }
    if (this.externalBase) return { kind: 'redirect', location: `${this.externalBase}/${encodeURIComponent(id)}` };
    return undefined;
  }

  /** Picture packs of the datasets loaded now, by dataset name (a fixed order: the same id, the same file). */
  private currentPacks(): string[] {
    const packs = this.warehouse
      .datasets()
      .map((d) => d.manifest.name)
      .sort()
      .map((name) => this.warehouse.picturesFile(name))
      .filter((file): file is string => file !== undefined);
    // Forget the indexes of versions that a newer import replaced.
    for (const file of this.indexes.keys()) if (!packs.includes(file)) this.indexes.delete(file);
    return packs;
  }

  private index(pack: string): Promise<PackIndex> {
    let index = this.indexes.get(pack);
    if (!index) {
      index = indexPack(pack);
      this.indexes.set(pack, index);
    }
    return index;
  }
}
