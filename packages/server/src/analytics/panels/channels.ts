import { share } from '@marketlens/shared';
import type { AnalysisRequest } from '../request.js';
import { figures, type InsightMetric, sortRows, totals, warningsOf } from './common.js';

/** The channel panel: platforms with their channels. */

/** Platforms with their channels: figures, shares of the scope, channel share within its platform. */
export async function channelsOverview(a: AnalysisRequest, metric: InsightMetric) {
  const [platforms, channels, codes] = await Promise.all([
    a.query({ comparison: a.validated.comparison, dimensions: ['platform'] }),
    a.query({ comparison: a.validated.comparison, dimensions: ['channel'] }),
    a.dims.platforms(),
  ]);
  const out = platforms.rows.map((p) => {
    const id = Number(p.keys.platform);
    const own = channels.rows
      .filter((c) => String(c.keys.channel).split(',')[0] === String(id))
      .map((c) => {
        const shopType = String(c.keys.channel).split(',').slice(1).join(',');
        const label = c.labels.channel;
        return {
          key: shopType,
          shop_type: shopType,
          name: label?.zh || shopType,
          name_en: label?.en || shopType,
          ...figures(c, metric),
          share_in_platform: share(c.sales, p.sales),
        };
      });
    return {
      key: String(id),
      platform_id: id,
      code: codes.get(id)?.code ?? '',
      name: p.labels.platform?.zh ?? String(id),
      name_en: p.labels.platform?.en ?? String(id),
      ...figures(p, metric),
      channels: sortRows(own, metric).map(({ key: _k, ...c }) => c),
    };
  });
  return {
    metric,
    total: totals(platforms),
    platforms: sortRows(out, metric).map(({ key: _k, ...p }) => p),
    warnings: warningsOf(platforms, a.locale),
  };
}
