import type { EChartsType } from 'echarts/core';

/**
 * Where a chart's drawn texts (axis labels and names, slice and bar labels, legend items) fall: those
 * cut at the chart's edge and those drawn over one another. A chart keeps its last report on its host
 * element (`labelReport`), so the layout check of the browser tests (docs/web.md, "Fits at 1280 px")
 * can tell a clipped or overlapping label from a chart that only looks crowded.
 */

export interface LabelBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The label the box belongs to: the lines of one multi-line label never count as overlapping. */
  owner: unknown;
}

export interface LabelReport {
  /** Texts that reach past the chart's edge. */
  clipped: string[];
  /** Pairs of texts drawn over one another, as "a / b". */
  overlapping: string[];
}

/** Pixels a text may touch past the edge or into its neighbour: anti-aliasing and rounding. */
const SLACK = 1.5;

function overlapArea(a: LabelBox, b: LabelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > SLACK && h > SLACK ? w * h : 0;
}

/**
 * The clipped and overlapping texts among `boxes` (in the chart's pixels) of a chart `width` × `height`.
 * Two texts overlap when their boxes share more than a quarter of the smaller one: boxes are the text's
 * full line height, so neighbours that merely touch do not count.
 */
export function labelProblems(boxes: readonly LabelBox[], width: number, height: number): LabelReport {
  const shown = boxes.filter((b) => b.text.trim() !== '' && b.width > 0 && b.height > 0);
  const clipped = shown
    .filter((b) => b.x < -SLACK || b.y < -SLACK || b.x + b.width > width + SLACK || b.y + b.height > height + SLACK)
    .map((b) => b.text);
  const overlapping: string[] = [];
  for (let i = 0; i < shown.length; i++) {
    for (let j = i + 1; j < shown.length; j++) {
      const a = shown[i]!;
      const b = shown[j]!;
      if (a.owner === b.owner) continue;
      const smaller = Math.min(a.width * a.height, b.width * b.height);
      if (overlapArea(a, b) > smaller / 4) overlapping.push(`${a.text} / ${b.text}`);
    }
  }
  return { clipped, overlapping };
}

interface DrawnText {
  type?: string;
  invisible?: boolean;
  ignore?: boolean;
  parent?: unknown;
  style?: { text?: string; opacity?: number };
  getBoundingRect(): {
    clone(): { applyTransform(m: unknown): void; x: number; y: number; width: number; height: number };
  };
  getComputedTransform(): unknown;
}

/**
 * The boxes of the texts a chart has drawn, read from its renderer's display list. ECharts draws each
 * text as spans ('tspan') of a text element; hidden ones (a label dropped by `hideOverlap`, a faded
 * legend) are left out.
 */
export function drawnLabels(chart: EChartsType): LabelBox[] {
  const zr = chart.getZr() as unknown as { storage: { getDisplayList(update?: boolean): DrawnText[] } };
  const boxes: LabelBox[] = [];
  for (const el of zr.storage.getDisplayList(true)) {
    if (el.type !== 'tspan' || el.invisible || el.ignore || el.style?.opacity === 0) continue;
    const text = el.style?.text ?? '';
    const rect = el.getBoundingRect().clone();
    rect.applyTransform(el.getComputedTransform());
    boxes.push({ text, x: rect.x, y: rect.y, width: rect.width, height: rect.height, owner: el.parent ?? el });
  }
  return boxes;
}

/** The host element of a chart with its last label report. */
export type ReportingHost = HTMLElement & { labelReport?: LabelReport };

/**
 * Measures the chart's drawn texts and keeps the report on its host element. A word cloud packs its
 * words by their glyphs, inside one another's line boxes, so only its edges are checked (`packed`).
 */
export function reportLabels(chart: EChartsType, host: ReportingHost, { packed = false } = {}) {
  const report = labelProblems(drawnLabels(chart), chart.getWidth(), chart.getHeight());
  host.labelReport = packed ? { ...report, overlapping: [] } : report;
}
