import { describe, expect, it } from 'vitest';
import { flagsColumn, flagsText } from '../../src/downloads/sheets.js';

/** The "Flags" column of the downloads (docs/metrics.md "Flags"): the marks of a row as words. */

describe('the Flags column', () => {
  it('the flags as words of the language, in order, empty without any', () => {
    expect(flagsText(['low_base', 'base_incomplete'], 'en_us')).toBe('low base, base incomplete');
    expect(flagsText(['low_base', 'range_incomplete'], 'zh_cn')).toBe('低基数、本期数据不全');
    expect(flagsText([], 'en_us')).toBe('');
    expect(flagsText(undefined, 'zh_cn')).toBe('');
  });

  it("is a text column headed by its key, reading the row's flags", () => {
    const column = flagsColumn<{ flags: ('low_base' | 'base_incomplete' | 'range_incomplete')[] }>('en_us');
    expect(column.header).toBe('download.col.flags');
    expect(column.format).toBe('text');
    expect(column.value({ flags: ['range_incomplete'] })).toBe('range incomplete');
  });
});
