import { describe, expect, it } from 'vitest';
import { type LabelBox, labelProblems } from '../src/shared/analysis/chartLabels.js';

/** The geometry of the chart label check: boxes past the edge, boxes drawn over one another. */

const box = (text: string, x: number, y: number, width = 40, height = 12, owner: unknown = text): LabelBox => ({
  text,
  x,
  y,
  width,
  height,
  owner,
});

describe('labelProblems', () => {
  it('finds a label past any edge of the chart and none inside it', () => {
    const report = labelProblems(
      [box('inside', 10, 10), box('right', 380, 10), box('left', -6, 50), box('below', 10, 295), box('top', 10, -4)],
      400,
      300,
    );
    expect(report.clipped).toEqual(['right', 'left', 'below', 'top']);
  });

  it('lets a label touch the edge by a pixel (anti-aliasing)', () => {
    expect(labelProblems([box('edge', 361, 289)], 400, 300).clipped).toEqual([]);
  });

  it('finds two labels drawn over one another, not neighbours that touch', () => {
    const report = labelProblems([box('a', 0, 0), box('b', 10, 2), box('c', 40, 0), box('d', 0, 12)], 400, 300);
    // a and b share 30 × 10 px of 40 × 12 (more than a quarter); c starts where a ends, d below a.
    expect(report.overlapping).toEqual(['a / b']);
  });

  it('does not count a small corner shared by two boxes', () => {
    // 8 × 2 px of 480 px²: a descender touching the next line's ascender.
    expect(labelProblems([box('a', 0, 0), box('b', 32, 10)], 400, 300).overlapping).toEqual([]);
  });

  it('never compares the lines of one label with each other, and skips empty texts', () => {
    const owner = {};
    const report = labelProblems(
      [box('line 1', 0, 0, 40, 12, owner), box('line 2', 0, 4, 40, 12, owner), box(' ', 0, 0), box('x', 500, 0, 0, 0)],
      400,
      300,
    );
    expect(report).toEqual({ clipped: [], overlapping: [] });
  });
});
