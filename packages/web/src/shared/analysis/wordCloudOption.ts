import { CHART_COLORS, CHART_FONT } from './chartTheme.js';

export interface CloudWord {
  text: string;
  /** Any non-negative measure (sales, heat index …); font size grows with it. */
  weight: number;
}

export interface WordCloudOptions {
  /** Font size range in pixels, smallest to largest weight. */
  sizeRange?: [number, number];
  /** Words shown at most (heaviest first); the layout gets slow and unreadable beyond ~150. */
  max?: number;
  /** Tooltip text of a word. */
  tooltip?: (word: CloudWord) => string;
  /** A word drawn highlighted (e.g. the one applied as a filter). */
  selected?: string;
}

/**
 * The ECharts option of a word cloud (echarts-wordcloud series). Words are de-duplicated (the
 * heaviest kept), blank and non-finite ones dropped, sorted heaviest first and cut to `max`; colours
 * cycle through the app palette so neighbouring words differ, and the layout is deterministic
 * (no rotation, no animation) so the cloud does not reshuffle on every data refresh.
 */
export function wordCloudOption(words: readonly CloudWord[], opts: WordCloudOptions = {}) {
  const [min, max] = opts.sizeRange ?? [12, 44];
  const best = new Map<string, number>();
  for (const w of words) {
    const text = w.text.trim();
    if (!text || !Number.isFinite(w.weight) || w.weight < 0) continue;
    best.set(text, Math.max(best.get(text) ?? 0, w.weight));
  }
  const kept = [...best.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, opts.max ?? 120);
  const tooltip = opts.tooltip;
  return {
    tooltip: tooltip
      ? {
          show: true,
          formatter: (p: { name: string; value: number }) => tooltip({ text: p.name, weight: p.value }),
        }
      : { show: false },
    series: [
      {
        type: 'wordCloud',
        shape: 'circle',
        left: 'center',
        top: 'center',
        width: '96%',
        height: '96%',
        sizeRange: [min, max],
        rotationRange: [0, 0],
        rotationStep: 0,
        gridSize: 8,
        drawOutOfBound: false,
        layoutAnimation: false,
        cursor: 'pointer',
        textStyle: { fontFamily: CHART_FONT, fontWeight: 600 },
        emphasis: { focus: 'self', textStyle: { textShadowBlur: 6, textShadowColor: 'rgba(0,0,0,0.18)' } },
        data: kept.map(([text, weight], i) => ({
          name: text,
          value: weight,
          textStyle: {
            color: CHART_COLORS[i % CHART_COLORS.length],
            ...(opts.selected === text ? { textBorderColor: '#000', textBorderWidth: 1 } : {}),
          },
        })),
      },
    ],
  };
}
