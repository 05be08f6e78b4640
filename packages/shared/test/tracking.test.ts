import { createTrackId, formatEventTime, isTrackId, parseEventTime } from '@marketlens/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('track id = 8 hash digits + 8 timestamp digits (docs/product.md §7)', () => {
  it('is 16 digits ending in the last 8 digits of the clock', () => {
    const id = createTrackId('u1|/hot', 1_700_000_123_456);
    expect(id).toMatch(/^\d{16}$/);
    expect(id.slice(8)).toBe('00123456');
    expect(createTrackId('u1|/hot', 5).slice(8)).toBe('00000005');
  });

  it('is a pure function of seed and clock', () => {
    expect(createTrackId('seed', 1_700_000_000_000)).toBe(createTrackId('seed', 1_700_000_000_000));
    expect(createTrackId('seed-a', 1).slice(0, 8)).not.toBe(createTrackId('seed-b', 1).slice(0, 8));
    // Fixed value: the hash must not change between releases, or ids stop lining up across clients.
    expect(createTrackId('', 0)).toBe(`${String(0x811c9dc5 % 100_000_000).padStart(8, '0')}00000000`);
  });

  it('rejects a broken clock', () => {
    expect(() => createTrackId('x', Number.NaN)).toThrow(RangeError);
    expect(() => createTrackId('x', -1)).toThrow(RangeError);
  });

  it('property: always a valid track id, hash part spread over seeds', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 4_102_444_800_000 }), (seed, now) => {
        const id = createTrackId(seed, now);
        expect(isTrackId(id)).toBe(true);
        expect(Number(id.slice(8))).toBe(now % 100_000_000);
      }),
    );
    const hashes = new Set(Array.from({ length: 1000 }, (_, i) => createTrackId(`user-${i}`, 0).slice(0, 8)));
    expect(hashes.size).toBeGreaterThan(995);
  });

  it.each([
    ['1234567812345678', true],
    ['123456781234567', false],
    ['12345678123456789', false],
    ['12345678abcdefgh', false],
    [12345678, false],
  ] as const)('isTrackId(%j) → %s', (value, ok) => expect(isTrackId(value)).toBe(ok));
});

describe('event time YYYY-MM-DD kk:mm:ss (docs/product.md §7)', () => {
  const t = Date.UTC(2024, 0, 2, 3, 4, 5);
  it.each([
    [t, 0, '2024-01-02 03:04:05'],
    [t, 480, '2024-01-02 11:04:05'], // China
    [t, -300, '2024-01-01 22:04:05'], // crosses the date line backwards
    [Date.UTC(2024, 0, 1, 16, 30), 480, '2024-01-02 00:30:00'], // midnight hour is 00, not 24
    [Date.UTC(2024, 1, 29, 23, 59, 59), 0, '2024-02-29 23:59:59'],
  ])('%i at %i min → %s', (ms, offset, text) => {
    expect(formatEventTime(ms, offset)).toBe(text);
    expect(formatEventTime(new Date(ms), offset)).toBe(text);
    expect(parseEventTime(text, offset)).toBe(ms);
  });

  it('reads hour 24 (moment kk) as midnight of the same date', () => {
    expect(parseEventTime('2024-01-02 24:30:00', 480)).toBe(Date.UTC(2024, 0, 1, 16, 30));
  });

  it.each([
    '2024-01-02T03:04:05',
    '2024-02-30 00:00:00',
    '2024-13-01 00:00:00',
    '2024-01-01 25:00:00',
    '2024-01-01 00:60:00',
    '',
  ])('rejects %j', (text) => expect(parseEventTime(text)).toBeNull());

  it('property: format then parse is the identity to the second', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), fc.integer({ min: -720, max: 840 }), (sec, offset) => {
        expect(parseEventTime(formatEventTime(sec * 1000, offset), offset)).toBe(sec * 1000);
      }),
    );
  });
});
