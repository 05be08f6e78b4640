import { formatElapsed, formatProgressLine, normalizeLocale } from '@marketlens/shared';
import { describe, expect, it } from 'vitest';

describe('progress line', () => {
  it('shows phase, grouped rows, percentage, rate and elapsed time', () => {
    const line = formatProgressLine({ phase: 'fact_sales', rows: 1_500_000, total: 3_000_000, elapsedMs: 3000 });
    expect(line).toContain('fact_sales');
    expect(line).toContain('1,500,000 rows  50%');
    expect(line).toContain('500,000 rows/s');
    expect(line.endsWith('00:03')).toBe(true);
  });
  it('formats minutes', () => expect(formatElapsed(125_400)).toBe('02:05'));
});

describe('normalizeLocale (docs/product.md §7)', () => {
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

describe('progress reporter', () => {
  it('prints one line per finished phase when not on a TTY', async () => {
    const { createProgressReporter } = await import('@marketlens/shared');
    let t = 0;
    const out: string[] = [];
    const r = createProgressReporter({ write: (s) => out.push(s), isTTY: false, now: () => t });
    r.update({ phase: 'dim_sku', rows: 10 });
    t = 1000;
    r.update({ phase: 'dim_sku', rows: 500 });
    r.update({ phase: 'fact_sales', rows: 1 });
    t = 3000;
    r.update({ phase: 'fact_sales', rows: 2_000_000, total: 2_000_000 });
    r.done('loaded');
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^dim_sku\s+500 rows\s+500 rows\/s\s+00:01\n$/);
    expect(out[1]).toMatch(/^fact_sales\s+2,000,000 rows 100%\s+1,000,000 rows\/s\s+00:02\n$/);
    expect(out[2]).toBe('loaded\n');
  });
  it('rewrites one line in place on a TTY', async () => {
    const { createProgressReporter } = await import('@marketlens/shared');
    const out: string[] = [];
    let t = 0;
    const r = createProgressReporter({ write: (s) => out.push(s), isTTY: true, now: () => t, intervalMs: 0 });
    r.update({ phase: 'fact_sales', rows: 1 });
    t = 10;
    r.update({ phase: 'fact_sales', rows: 2 });
    r.done();
    expect(out.slice(0, 2).every((s) => s.startsWith('\r') && !s.endsWith('\n'))).toBe(true);
    expect(out.at(-1)?.endsWith('\n')).toBe(true);
  });
});
