import { useMemo } from 'react';
import { type ChartEventHandler, EChart } from './EChart.js';
import { type CloudWord, type WordCloudOptions, wordCloudOption } from './wordCloudOption.js';

export interface WordCloudProps extends WordCloudOptions {
  words: readonly CloudWord[];
  height?: number;
  /** Called with the clicked word's text (e.g. to add it to the filter's title words). */
  onWordClick?: (text: string) => void;
}

/** A word cloud (echarts-wordcloud, loaded in its own chunk) drawn on a canvas. */
export function WordCloud({ words, height = 360, onWordClick, sizeRange, max, tooltip, selected }: WordCloudProps) {
  const option = useMemo(
    () =>
      wordCloudOption(words, {
        ...(sizeRange ? { sizeRange } : {}),
        ...(max ? { max } : {}),
        ...(tooltip ? { tooltip } : {}),
        ...(selected ? { selected } : {}),
      }),
    [words, sizeRange, max, tooltip, selected],
  );
  const onEvents = useMemo<Record<string, ChartEventHandler> | undefined>(
    () =>
      onWordClick ? { click: (p: { name?: unknown }) => typeof p.name === 'string' && onWordClick(p.name) } : undefined,
    [onWordClick],
  );
  return <EChart option={option} height={height} plugin="wordCloud" {...(onEvents ? { onEvents } : {})} />;
}
