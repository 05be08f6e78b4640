import { SHOP_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DownloadButton,
  EChart,
  PanelCard,
  panelState,
  SortSwitch,
  TopTable,
  useAnalysisQuery,
  useFormatters,
  useNameOf,
  usePanelParam,
  usePlatformChannels,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { channelMixChart } from './charts.js';
import { SHOP_PARAMS } from './params.js';

/** The market's panels do not follow the shop selection: their requests leave it out. */
const WITHOUT_SHOPS = { shops: undefined, channel_sources: undefined };

/**
 * The market's top 50 shops (POST /shops/rankings) with share, share change and growth; platforms
 * and channel types through the filter's channels; downloadable as .xlsx.
 */
export function RankingsPanel() {
  const { t } = useTranslation();
  const [sortBy, setSort] = usePanelParam(SHOP_PARAMS.rankingSort);
  const body = { ...WITHOUT_SHOPS, sort_by: sortBy };
  const q = useAnalysisQuery(SHOP_ENDPOINTS.rankings, body);
  const d = q.data;
  return (
    <PanelCard
      title={t('shop.rankings.title')}
      definitions={['sales', 'share', 'growth']}
      extra={
        <Flex gap={8}>
          <SortSwitch value={sortBy} onChange={setSort} />
          <DownloadButton
            endpoint={SHOP_ENDPOINTS.rankingsDownload}
            body={body}
            fileName={t('shop.rankings.file')}
            disabled={!d?.items.length}
          />
        </Flex>
      }
      subject={t('shop.rankings.subject')}
      {...panelState(q)}
      empty={d !== undefined && d.items.length === 0}
      minHeight={200}
    >
      {d && d.items.length > 0 && <TopTable data={d} kind="shop" shareTitle={t('shop.col.share')} sortBy={sortBy} />}
    </PanelCard>
  );
}

/** How the market sells through each channel type over time (POST /shops/channels/trends), on all platforms or one. */
export function ChannelMixPanel() {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [platform, setPlatform] = usePanelParam(SHOP_PARAMS.mixPlatform);
  const platforms = usePlatformChannels();
  const q = useAnalysisQuery(SHOP_ENDPOINTS.channelTrends, {
    ...WITHOUT_SHOPS,
    ...(platform !== null ? { platform_id: platform } : {}),
  });
  const d = q.data;
  const axis = useAxisCoverage();
  const option = useMemo(() => (d ? channelMixChart(d, nameOf, fmt, axis) : null), [d, nameOf, fmt, axis]);
  return (
    <PanelCard
      title={t('shop.mix.title')}
      definitions={['sales', 'share']}
      extra={
        <Select<number | 'all'>
          size="small"
          aria-label={t('shop.mix.platform')}
          value={platform ?? 'all'}
          onChange={(v) => setPlatform(v === 'all' ? null : v)}
          options={[
            { value: 'all', label: t('shop.mix.allPlatforms') },
            ...(platforms.data ?? []).map((p) => ({
              value: p.platform_id,
              label: nameOf({ name: p.platform, name_en: p.platform_en }),
            })),
          ]}
          style={{ minWidth: 140 }}
          data-testid="shop-mix-platform"
        />
      }
      subject={t('shop.mix.subject')}
      {...panelState(q)}
      empty={d !== undefined && d.series.length === 0}
      minHeight={320}
    >
      {option && d && d.series.length > 0 && <EChart option={option} height={320} />}
    </PanelCard>
  );
}
