import { promises as fs } from 'node:fs';
import path from 'node:path';
import { hasPictureExtension, PICTURE_MAX_BYTES, PICTURES_FOLDER, pictureFileName } from '@marketlens/shared';
import { fileIssue, type IssueCollector } from './import-issues.js';

/**
 * The product pictures of a dataset folder (docs/data-format.md §10): `pictures/<image_id>.<ext>`.
 * The importer checks them with the tables (bad ones are import problems like a bad row) and packs
 * them into one file beside the new version's data file, so a version's pictures are as immutable
 * as its data and are published, superseded and removed with it like one more file. One file and
 * not a copied folder: tens of thousands of small files cost seconds of metadata work each time
 * they are written (packing them is many times faster than copying them)
 * and a 4 KB block each on disk.
 *
 * The pack: "MLP1", the index length (uint32 LE), the index as JSON — file name → [offset, length]
 * from the start of the pack — then the pictures' bytes.
 */

export interface PictureSource {
  /** File name in the source `pictures/` folder (also its name in the pack). */
  readonly name: string;
  readonly path: string;
  readonly size: number;
}

/** Where a picture's bytes are in a pack. */
export interface PackedPicture {
  readonly offset: number;
  readonly length: number;
}

const MAGIC = 'MLP1';
/** Pictures read at once while packing (at most 64 MB with the 1 MB limit). */
const PACK_BATCH = 64;
const HEADER = 8;

const MAX_MB = PICTURE_MAX_BYTES / 2 ** 20;

/**
 * The picture files of `folder/pictures/` (none when there is no such folder). Files without a
 * picture extension are ignored like other files of the dataset folder; a picture file with an
 * unusable name, over the size limit, or a second file for one image id is a problem.
 */
export async function scanPictures(folder: string, issues: IssueCollector): Promise<PictureSource[]> {
  const dir = path.join(folder, PICTURES_FOLDER);
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const byId = new Map<string, string>();
  const sources: PictureSource[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!hasPictureExtension(entry.name)) continue;
    const where = `${PICTURES_FOLDER}/${entry.name}`;
    const parsed = pictureFileName(entry.name);
    if (!parsed || !entry.isFile()) {
      issues.add(
        fileIssue(where, 'picture_name', {
          en: 'expected a file named <image_id>.<extension>, the id of letters, digits, ".", "_" and "-" (not starting with ".")',
          zh: '应为名为 <image_id>.<扩展名> 的文件，id 由字母、数字、"."、"_" 和 "-" 组成（不以 "." 开头）',
        }),
      );
      continue;
    }
    const other = byId.get(parsed.id);
    if (other) {
      issues.add(
        fileIssue(where, 'picture_duplicate', {
          en: `a second picture for image id "${parsed.id}" (also ${other}); keep one`,
          zh: `图片 id "${parsed.id}" 有第二个文件（另有 ${other}）；请只保留一个`,
        }),
      );
      continue;
    }
    byId.set(parsed.id, entry.name);
    const file = path.join(dir, entry.name);
    const { size } = await fs.stat(file);
    if (size === 0 || size > PICTURE_MAX_BYTES) {
      issues.add(
        fileIssue(where, 'picture_size', {
          en: `expected 1 byte to ${MAX_MB} MB, found ${size.toLocaleString('en-US')} bytes`,
          zh: `应为 1 字节至 ${MAX_MB} MB，实际为 ${size.toLocaleString('en-US')} 字节`,
        }),
      );
      continue;
    }
    sources.push({ name: entry.name, path: file, size });
  }
  return sources;
}

/**
 * Writes the pack of `sources` to `file`; `onPacked` gets the running count. A source whose size
 * changed since the scan (someone edits the folder during the import) fails the import.
 */
export async function packPictures(
  sources: readonly PictureSource[],
  file: string,
  signal: AbortSignal | undefined,
  onPacked: (n: number) => void,
): Promise<void> {
  const relative: number[] = [];
  let end = 0;
  for (const s of sources) {
    relative.push(end);
    end += s.size;
  }
  // Offsets count from the start of the pack, so they include the header, whose length depends on
  // them: grow the shift until it holds still (a few rounds at most, as digits only get longer).
  const indexJson = (shift: number) =>
    JSON.stringify(Object.fromEntries(sources.map((s, i) => [s.name, [relative[i]! + shift, s.size]])));
  let shift = 0;
  let json = indexJson(shift);
  while (HEADER + Buffer.byteLength(json) !== shift) {
    shift = HEADER + Buffer.byteLength(json);
    json = indexJson(shift);
  }
  const head = Buffer.alloc(HEADER);
  head.write(MAGIC, 0, 'ascii');
  head.writeUInt32LE(Buffer.byteLength(json), 4);
  const out = await fs.open(file, 'w');
  try {
    await out.write(Buffer.concat([head, Buffer.from(json)]));
    // Reads in parallel and one write per batch: per-picture round trips were most of the time.
    for (let n = 0; n < sources.length; n += PACK_BATCH) {
      signal?.throwIfAborted();
      const batch = sources.slice(n, n + PACK_BATCH);
      const bytes = await Promise.all(batch.map((s) => fs.readFile(s.path)));
      batch.forEach((s, i) => {
        if (bytes[i]!.length !== s.size) throw new Error(`${PICTURES_FOLDER}/${s.name} changed during the import`);
      });
      await out.write(Buffer.concat(bytes));
      onPacked(n + batch.length);
    }
    await out.sync();
  } finally {
    await out.close();
  }
}

/** The index of a pack: file name → where its bytes are. */
export async function readPackIndex(file: string): Promise<Map<string, PackedPicture>> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(HEADER);
    await handle.read(head, 0, HEADER, 0);
    if (head.toString('ascii', 0, 4) !== MAGIC) throw new Error(`${file} is not a MarketLens picture pack`);
    const json = Buffer.alloc(head.readUInt32LE(4));
    await handle.read(json, 0, json.length, HEADER);
    const entries = JSON.parse(json.toString('utf8')) as Record<string, [number, number]>;
    return new Map(Object.entries(entries).map(([name, [offset, length]]) => [name, { offset, length }]));
  } finally {
    await handle.close();
  }
}

/** The bytes of one picture of a pack. */
export async function readPacked(file: string, at: PackedPicture): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const bytes = Buffer.alloc(at.length);
    const { bytesRead } = await handle.read(bytes, 0, at.length, at.offset);
    if (bytesRead !== at.length) throw new Error(`${file}: a picture is cut short`);
    return bytes;
  } finally {
    await handle.close();
  }
}
