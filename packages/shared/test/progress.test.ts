import { describe, expect, it } from 'vitest';
import { formatElapsed, formatProgressLine, normalizeLocale } from '@marketlens/shared';

describe('progress line', () => {
  it('shows phase, grouped rows, percentage, rate and elapsed time', () => {
    const line = formatProgressLine({ phase: 'fact_sales', rows: 1_500_000, total: 3_000_000, elapsedMs: 3000 });
    expect(line).toContain('fact_sales');
    expect(line).toContain('1,500,000 rows 50%');
    expect(line).toContain('500,000 rows/s');
    expect(line.endsWith('00:03')).toBe(true);
  });
  it('formats minutes', () => expect(formatElapsed(125_400)).toBe('02:05'));
});

describe('normalizeLocale (spec §7)', () => {
  it.each([
    ['en', 'en_us'],
    ['EN', 'en_us'],
    ['en-us', 'en_us'],
    ['en_us', 'en_us'],
    ['zh-CN', 'zh_cn'],
    ['fr', 'zh_cn'],
    [undefined, 'zh_cn'],
  ])('%s → %s', (input, expected) => expect(normalizeLocale(input)).toBe(expected));
});
