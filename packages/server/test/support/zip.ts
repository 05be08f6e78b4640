import { createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A zip writer for tests that need archives no honest tool writes: every field the reader checks
 * can be set to a lie. Written from the format (APPNOTE.TXT 4.3), independent of the server's reader.
 */
export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** 0 stored, 8 deflate (default), anything else as given. */
  method?: number;
  /** Uncompressed size written in the central directory (default: the real one). */
  declaredSize?: number;
  /** Uncompressed size written in the local header (default: what the directory says). */
  localSize?: number;
  /** Writes the sizes and CRC in a data descriptor after the data (flag bit 3), as streaming writers do. */
  descriptor?: boolean;
  /** CRC-32 written in both headers (default: the real one). */
  crc?: number;
  /** The compressed body as given (then `data` is not used, and declaredSize and crc should be set). */
  body?: Buffer;
  /** Only a directory entry, pointing at this offset (inside another entry's data, say); no local entry. */
  pointsAt?: number;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The archive of `parts`, in order. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const method = part.method ?? 8;
    const body = part.body ?? (method === 8 ? deflateRawSync(data) : data);
    const name = Buffer.from(part.name, 'utf8');
    const crc = part.crc ?? (part.body ? 0 : crc32(data));
    const declared = part.declaredSize ?? data.length;
    if (part.body && (part.declaredSize === undefined || part.crc === undefined))
      throw new Error('a part given as its compressed body needs declaredSize and crc');
    const flags = 0x0800 | (part.descriptor ? 0x0008 : 0);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    if (!part.descriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(part.localSize ?? declared, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(part.descriptor ? 16 : 0);
    if (part.descriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(body.length, 8);
      descriptor.writeUInt32LE(part.localSize ?? declared, 12);
    }
    if (part.pointsAt === undefined) locals.push(local, name, body, descriptor);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(part.pointsAt ?? offset, 42);
    centrals.push(central, name);
    if (part.pointsAt === undefined) offset += local.length + name.length + body.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The parts of the smallest .xlsx Excel opens: one worksheet `rows` of inline strings. `padding`
 * spaces go inside the worksheet XML (between elements, where XML allows them), so a test can make
 * a part of any size that a workbook parser still reads.
 */
export function workbookParts(rows: readonly (readonly string[])[], padding = 0): ZipPart[] {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((c, i) => `<c r="${col(i)}${r + 1}" t="inlineStr"><is><t>${esc(c)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return [
    {
      name: '[Content_Types].xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
        `</Types>`,
    },
    {
      name: '_rels/.rels',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
        `</Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
        `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
        `</Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.concat([
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>`,
        ),
        Buffer.alloc(padding, ' '),
        Buffer.from(`${sheetRows}</sheetData></worksheet>`),
      ]),
    },
  ];
}

/** `bytes` zero bytes deflated, streamed through zlib so the test never holds them: a zip bomb's payload. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const block = Buffer.alloc(1 << 20);
  for (let left = bytes; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}
