/**
 * docs/product.md §5 display length: a character above code 255 (CJK, full-width forms, emoji …) counts 2,
 * any other counts 1 — roughly the columns it takes in a table cell or chart label.
 *
 * Characters are Unicode code points, so an emoji written as a surrogate pair counts 2 (once), and
 * truncation never splits a pair into half a character.
 */

export const DEFAULT_ELLIPSIS = '...';

function charWidth(ch: string): number {
  return (ch.codePointAt(0) ?? 0) > 255 ? 2 : 1;
}

/** `displayLength('abc')` = 3, `displayLength('口红')` = 4, `displayLength('é')` = 1 (é is 233). */
export function displayLength(text: string): number {
  let len = 0;
  for (const ch of text) len += charWidth(ch);
  return len;
}

/**
 * Cuts `text` so that the result, ellipsis included, is at most `maxLen` display units long.
 *
 * | text | maxLen | result |
 * |---|---|---|
 * | `'abcdef'` | 6 | `'abcdef'` (fits: unchanged) |
 * | `'abcdefg'` | 6 | `'abc...'` |
 * | `'雅诗兰黛小棕瓶'` (14) | 9 | `'雅诗兰...'` (6 + 3) |
 * | `'ab口红x'` | 6 | `'ab...'` (`'ab口...'` would be 7) |
 * | `'abcdef'` | 2 | `'ab'` (no room for the ellipsis: plain cut) |
 * | any | ≤ 0 or NaN | `''` |
 */
export function truncateDisplay(text: string, maxLen: number, ellipsis: string = DEFAULT_ELLIPSIS): string {
  if (!(maxLen > 0)) return '';
  if (displayLength(text) <= maxLen) return text;
  const ellipsisLen = displayLength(ellipsis);
  const withEllipsis = ellipsisLen <= maxLen;
  const budget = withEllipsis ? maxLen - ellipsisLen : maxLen;
  let kept = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (used + w > budget) break;
    kept += ch;
    used += w;
  }
  return withEllipsis ? kept + ellipsis : kept;
}
