/**
 * The calls Category Insight's panels make at first view, for the switches in the address: the
 * first-view prefetch (shared/analysis/prefetch.ts) starts them before the page renders. Each entry is
 * exactly the endpoint and body its panel passes to useAnalysisQuery (test/discover-page.test.tsx
 * checks that each call goes out once). The valuation waits for its settings and is left to the panel.
 */
import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { type PanelParam, readParam } from '../../shared/analysis/panelParams.js';
import type { FirstView, FirstViewRequest } from '../../shared/analysis/prefetch.js';
import { DISCOVER_PARAMS as P } from './params.js';

export const discoverFirstView: FirstView = (search) => {
  const read = <T>(param: PanelParam<T>) => readParam(param, search);
  const metric = read(P.distributionMetric);
  const distribution: Partial<Record<string, FirstViewRequest>> = {
    category: { endpoint: INSIGHT_ENDPOINTS.distributions, body: { metric, dimension: 'category' } },
    band: { endpoint: INSIGHT_ENDPOINTS.bandsValues, body: { metric } },
    attribute: { endpoint: INSIGHT_ENDPOINTS.attributes, body: { metric } },
  };
  const tab = distribution[read(P.distributionTab)];
  return [
    { endpoint: INSIGHT_ENDPOINTS.summary },
    { endpoint: INSIGHT_ENDPOINTS.trends, body: { metric: read(P.trendMetric) } },
    {
      endpoint: INSIGHT_ENDPOINTS.trendsList,
      body: { metric: read(P.seriesMetric), dimension: read(P.seriesDimension) },
    },
    ...(tab ? [tab] : []),
    // TopPanel's request: the kind's body, then the sort.
    { endpoint: INSIGHT_ENDPOINTS.top, body: { kind: read(P.topKind), sort_by: read(P.topSort) } },
  ];
};
export default discoverFirstView;
