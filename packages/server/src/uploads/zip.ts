/**
 * The zip container of an uploaded .xlsx, read here before any workbook parser sees it. A zip's
 * sizes are claims: the central directory, each entry's local header and its compressed stream can
 * each say something else, and a parser that trusts one while inflating another can be made to
 * expand a 1.5 MB upload into gigabytes. So every entry is inflated with a hard output limit (its
 * declared size, itself within the limits), checked against both headers and its CRC, and the parts
 * are handed on re-packed uncompressed: what the parser reads is exactly what was verified.
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';

const inflateRawLimited = promisify(inflateRaw);

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

/** Why an archive was refused: `damaged` covers every inconsistency (a lie is damage too). */
export type ZipProblem = 'damaged' | 'tooManyEntries' | 'entryTooLarge' | 'tooLarge';

export class ZipRefusedError extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip refused: ${problem}`);
    this.name = 'ZipRefusedError';
  }
}

export interface ZipEntry {
  /** The name as stored (bytes), with its UTF-8 flag. */
  name: Buffer;
  utf8: boolean;
  data: Buffer;
  crc: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATE = 8;
/** Flag bits: 0 encrypted, 3 sizes in a data descriptor, 6 strong encryption, 11 UTF-8 names. */
const ENCRYPTED = 0x0001 | 0x0040;
const HAS_DESCRIPTOR = 0x0008;
const UTF8 = 0x0800;

const damaged = () => new ZipRefusedError('damaged');

/** The end-of-central-directory record: the last one, whose comment runs exactly to the end of the file. */
function endRecord(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END && at + 22 + zip.readUInt16LE(at + 20) === zip.length) return at;
  }
  throw damaged();
}

interface Listed {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The central directory, its entries within the limits before anything is inflated. */
function directory(zip: Buffer, limits: ZipLimits): { entries: Listed[]; start: number } {
  const end = endRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const start = zip.readUInt32LE(end + 16);
  // One disk, no ZIP64 (an .xlsx within the upload limit never needs it): anything else is not ours to read.
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 6) !== 0 || zip.readUInt16LE(end + 8) !== count)
    throw damaged();
  if (count === 0xffff || size === 0xffffffff || start === 0xffffffff || start + size !== end) throw damaged();
  if (count > limits.maxEntries) throw new ZipRefusedError('tooManyEntries');

  const entries: Listed[] = [];
  const names = new Set<string>();
  let total = 0;
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw damaged();
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > end || zip.readUInt16LE(at + 34) !== 0) throw damaged();
    const entry: Listed = {
      name: Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)),
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    };
    if (entry.flags & ENCRYPTED) throw damaged();
    if (entry.method !== STORED && entry.method !== DEFLATE) throw damaged();
    if (entry.method === STORED && entry.compressed !== entry.size) throw damaged();
    // Two entries of one name: which one a parser takes is its choice, not ours.
    const key = entry.name.toString('latin1');
    if (names.has(key)) throw damaged();
    names.add(key);
    if (entry.size > limits.maxEntryBytes) throw new ZipRefusedError('entryTooLarge');
    total += entry.size;
    if (total > limits.maxTotalBytes) throw new ZipRefusedError('tooLarge');
    entries.push(entry);
    at = next;
  }
  if (at !== end) throw damaged();
  return { entries, start };
}

/**
 * Where an entry's compressed data lies, after its local header agrees with the directory. The
 * entries must follow one another without overlapping (overlapping entries let one compressed
 * stream count many times), and all lie before the directory.
 */
function dataRanges(zip: Buffer, entries: readonly Listed[], directoryStart: number): Map<Listed, number> {
  const ranges = new Map<Listed, number>();
  let previousEnd = 0;
  for (const e of [...entries].sort((a, b) => a.offset - b.offset)) {
    const at = e.offset;
    if (at < previousEnd || at + 30 > directoryStart || zip.readUInt32LE(at) !== LOCAL) throw damaged();
    const flags = zip.readUInt16LE(at + 6);
    const nameLength = zip.readUInt16LE(at + 26);
    const data = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    if (zip.readUInt16LE(at + 8) !== e.method || (flags & HAS_DESCRIPTOR) !== (e.flags & HAS_DESCRIPTOR))
      throw damaged();
    if (data + e.compressed > directoryStart || !zip.subarray(at + 30, at + 30 + nameLength).equals(e.name))
      throw damaged();
    let dataEnd = data + e.compressed;
    if (flags & HAS_DESCRIPTOR) {
      // Streaming writers put the CRC and sizes after the data, with or without a signature.
      const signed = dataEnd + 16 <= directoryStart && zip.readUInt32LE(dataEnd) === DESCRIPTOR;
      const d = signed ? dataEnd + 4 : dataEnd;
      if (d + 12 > directoryStart) throw damaged();
      if (
        zip.readUInt32LE(d) !== e.crc ||
        zip.readUInt32LE(d + 4) !== e.compressed ||
        zip.readUInt32LE(d + 8) !== e.size
      )
        throw damaged();
      dataEnd = d + 12;
    } else if (
      zip.readUInt32LE(at + 14) !== e.crc ||
      zip.readUInt32LE(at + 18) !== e.compressed ||
      zip.readUInt32LE(at + 22) !== e.size
    ) {
      throw damaged();
    }
    ranges.set(e, data);
    previousEnd = dataEnd;
  }
  return ranges;
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(data: Buffer): number {
  let c = -1;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/**
 * Every entry of the archive, inflated and verified: at most `maxEntries` of them, each no larger
 * than the directory says (the inflater stops at that size, so a stream that would expand further
 * is cut off there and refused), the declared sizes within the limits, local headers and data
 * descriptors agreeing with the directory, and each CRC right.
 * @throws ZipRefusedError
 */
export async function readZip(zip: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  if (zip.length < 22) throw damaged();
  const { entries, start } = directory(zip, limits);
  const ranges = dataRanges(zip, entries, start);
  const out: ZipEntry[] = [];
  for (const e of entries) {
    const from = ranges.get(e)!;
    const raw = zip.subarray(from, from + e.compressed);
    let data: Buffer;
    if (e.method === STORED) data = Buffer.from(raw);
    else {
      try {
        // maxOutputLength must be positive; an empty entry inflates to nothing or is refused below.
        data = await inflateRawLimited(raw, { maxOutputLength: Math.max(1, e.size) });
      } catch {
        // Output beyond the declared size, or a broken stream.
        throw damaged();
      }
    }
    if (data.length !== e.size || crc32(data) !== e.crc) throw damaged();
    out.push({ name: e.name, utf8: (e.flags & UTF8) !== 0, data, crc: e.crc });
  }
  return out;
}

/** The entries as a new archive, all stored (uncompressed): a parser reading it inflates nothing. */
export function storedZip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const flags = e.utf8 ? UTF8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(STORED, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(e.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(10, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(STORED, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(e.name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, e.name, e.data);
    centrals.push(central, e.name);
    offset += 30 + e.name.length + e.data.length;
  }
  const directorySize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...centrals, end]);
}
