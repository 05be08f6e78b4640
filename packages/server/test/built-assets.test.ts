import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/plugins/builtAssets.js';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, else sends the file as it is', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('reads codings case-insensitively and with weights', () => {
    expect(pickEncoding('GZIP;q=0.5, BR;q=0.8')).toBe('br');
    expect(pickEncoding('gzip;q=1.0')).toBe('gzip');
  });

  it('never sends a coding the browser refused with q=0', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.0, gzip; q=0')).toBeUndefined();
    expect(pickEncoding('br; q=0.001')).toBe('br');
  });
});
