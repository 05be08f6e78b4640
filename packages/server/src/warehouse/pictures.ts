import { promises as fs } from 'node:fs';
import path from 'node:path';
import { hasPictureExtension, PICTURE_MAX_BYTES, PICTURES_FOLDER, pictureFileName } from '@marketlens/shared';
import type { IssueCollector } from './duckdb/validation.js';
import { fileIssue } from './duckdb/validation.js';

/**
 * The product pictures of a dataset folder (docs/data-format.md §10): `pictures/<image_id>.<ext>`.
 * The importer checks them with the tables (bad ones are import problems like a bad row) and copies
 * them into the new version, so a version's pictures are as immutable as its data.
 */

export interface PictureSource {
  /** File name in the source `pictures/` folder (also its name in the version's folder). */
  readonly name: string;
  readonly path: string;
}

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
    sources.push({ name: entry.name, path: file });
  }
  return sources;
}

/** Copies the pictures into `target` (created), a few at a time; `onCopied` gets the running count. */
export async function copyPictures(
  sources: readonly PictureSource[],
  target: string,
  signal: AbortSignal | undefined,
  onCopied: (n: number) => void,
): Promise<void> {
  await fs.mkdir(target, { recursive: true });
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < sources.length) {
      signal?.throwIfAborted();
      const s = sources[next++]!;
      await fs.copyFile(s.path, path.join(target, s.name));
      if (++done % 1000 === 0) onCopied(done);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  onCopied(done);
}
