import { INSIGHT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Flex, Select, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bandLabel,
  ChannelShares,
  ChartAndTable,
  customAttributeName,
  EChart,
  type Metric,
  type MetricRow,
  MetricSwitch,
  MetricTable,
  metricValue,
  PanelCard,
  panelState,
  SharesView,
  useAnalysisQuery,
  useCustomAttributes,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { bandsChart } from './charts.js';
import type { DistributionRow } from './data.js';
import { DISCOVER_PARAMS, DISTRIBUTION_TABS } from './params.js';

type Tab = (typeof DISTRIBUTION_TABS)[number];

function useRows(rows: DistributionRow[] | undefined, label?: (r: DistributionRow) => string): MetricRow[] {
  const nameOf = useNameOf();
  return useMemo(() => (rows ?? []).map((r) => ({ ...r, label: label ? label(r) : nameOf(r) })), [rows, label, nameOf]);
}

/** Sub-categories of the selection (POST /distributions, dimension category). */
function CategoryShares({ metric }: { metric: Metric }) {
  const { t } = useTranslation();
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.distributions, { metric, dimension: 'category' });
  const rows = useRows(q.data?.rows);
  return (
    <PanelCard {...panelState(q)} subject={t('discover.distribution.subject')} empty={q.data?.rows.length === 0}>
      {rows.length > 0 && (
        <SharesView
          rows={rows}
          metric={metric}
          nameTitle={t('analysis.col.category')}
          testId="distribution-category"
          pageSize={8}
        />
      )}
    </PanelCard>
  );
}

/** Price bands: the project's bands of the category, else computed quintiles (POST /distributions/bands_values). */
function BandShares({ metric }: { metric: Metric }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const q = useAnalysisQuery(INSIGHT_ENDPOINTS.bandsValues, { metric });
  const d = q.data;
  const label = useMemo(
    () => (r: DistributionRow) => {
      const i = Number(r.key);
      return Number.isInteger(i) && d?.bands[i] ? (bandLabel(fmt, t, d.bands[i]) ?? r.name) : r.name;
    },
    [d, fmt, t],
  );
  const rows = useRows(d?.rows, label);
  return (
    <PanelCard {...panelState(q)} subject={t('discover.distribution.subject')} empty={d?.rows.length === 0}>
      {d && rows.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            {d.source === 'project'
              ? t('discover.distribution.bandsProject')
              : t('discover.distribution.bandsComputed')}
          </Typography.Text>
          <ChartAndTable
            chart={
              <EChart
                option={bandsChart(
                  rows.map((r) => ({ label: r.label, value: metricValue(metric)(r), share: r.share })),
                  metric,
                  fmt,
                )}
                height={300}
              />
            }
            table={<MetricTable rows={rows} nameTitle={t('analysis.col.band')} testId="distribution-band" />}
          />
        </Flex>
      )}
    </PanelCard>
  );
}

/** Platforms with their channels (POST /channels/overviews). */
function PlatformShares({ metric }: { metric: Metric }) {
  const { t } = useTranslation();
  return <ChannelShares metric={metric} subject={t('discover.distribution.subject')} />;
}

/** The picker's value of a custom attribute (`da=custom:<id>`): dataset attribute names have no colon. */
const CUSTOM_PREFIX = 'custom:';
const customIdOf = (picked: string | null | undefined) =>
  picked?.startsWith(CUSTOM_PREFIX) ? Number(picked.slice(CUSTOM_PREFIX.length)) : undefined;

/**
 * Attributes and the shares of the chosen attribute's values (POST /distributions/attributes,
 * /attribute_values): the dataset's attributes, and the user's custom attributes (a value per keyword).
 */
function AttributeShares({ metric }: { metric: Metric }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useAnalysisQuery(INSIGHT_ENDPOINTS.attributes, { metric });
  const custom = useCustomAttributes();
  const items = list.data?.items ?? [];
  const customs = custom.data ?? [];
  const [picked, setPicked] = usePanelParam(DISCOVER_PARAMS.distributionAttribute);
  const pickedCustom = customIdOf(picked);
  const customChosen = customs.find((a) => a.id === pickedCustom);
  const attribute = customChosen ? undefined : picked && items.some((a) => a.name === picked) ? picked : items[0]?.name;
  const q = useAnalysisQuery(
    INSIGHT_ENDPOINTS.attributeValues,
    customChosen ? { metric, custom_attribute: customChosen.id } : { metric, attribute: attribute ?? '' },
    { enabled: customChosen !== undefined || attribute !== undefined },
  );
  const chosen = items.find((a) => a.name === attribute);
  const rows = useRows(q.data?.rows);
  if (list.data && items.length === 0 && customs.length === 0) {
    return (
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', padding: '48px 0' }}>
        {t('discover.distribution.noAttributes')}
      </Typography.Paragraph>
    );
  }
  const options = [
    {
      label: t('discover.distribution.datasetAttributes'),
      options: items.map((a) => ({ value: a.name, label: en ? a.title_en || a.title : a.title || a.title_en })),
    },
    ...(customs.length
      ? [
          {
            label: t('discover.distribution.customAttributes'),
            options: customs.map((a) => ({ value: `${CUSTOM_PREFIX}${a.id}`, label: customAttributeName(a, en) })),
          },
        ]
      : []),
  ];
  return (
    <PanelCard
      {...panelState(attribute || customChosen ? q : list)}
      subject={t('discover.distribution.subject')}
      empty={q.data?.rows.length === 0}
    >
      {(items.length > 0 || customs.length > 0) && (
        <Flex vertical gap={12}>
          <Flex gap={12} align="center" wrap>
            <Select
              value={customChosen ? `${CUSTOM_PREFIX}${customChosen.id}` : attribute}
              onChange={setPicked}
              style={{ minWidth: 200 }}
              aria-label={t('discover.distribution.attributePick')}
              options={options}
              data-testid="attribute-pick"
            />
            {chosen && (
              <Typography.Text type="secondary">
                {t('discover.distribution.coverage', {
                  share: fmt.shareRatio(chosen.coverage),
                  count: chosen.value_count,
                })}
              </Typography.Text>
            )}
            {customChosen && (
              <Typography.Text type="secondary">{t('discover.distribution.customCoverage')}</Typography.Text>
            )}
          </Flex>
          {rows.length > 0 && (
            <SharesView
              rows={rows}
              metric={metric}
              nameTitle={t(customChosen ? 'analysis.customAttributes.words' : 'analysis.col.value')}
              testId="distribution-attribute"
              pageSize={8}
            />
          )}
        </Flex>
      )}
    </PanelCard>
  );
}

/** Where the category sells: by sub-category, price band, platform/channel and attribute. */
export function DistributionPanel() {
  const { t } = useTranslation();
  const [tab, setTab] = usePanelParam(DISCOVER_PARAMS.distributionTab);
  const [metric, setMetric] = usePanelParam(DISCOVER_PARAMS.distributionMetric);
  const body = { category: CategoryShares, band: BandShares, channel: PlatformShares, attribute: AttributeShares }[tab];
  const Body = body;
  return (
    <PanelCard
      title={t('discover.distribution.title')}
      definitions={['sales', 'count', 'share', 'share_change', 'growth']}
      extra={<MetricSwitch value={metric} onChange={setMetric} />}
      minHeight={0}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        items={DISTRIBUTION_TABS.map((k) => ({ key: k, label: t(`discover.distribution.${k}`) }))}
        style={{ marginTop: -8 }}
      />
      <div className="discover-embedded">
        <Body metric={metric} />
      </div>
    </PanelCard>
  );
}
