import type { BrandCharacter, ContrastSlot, ContrastSlotFigures } from '@marketlens/shared/contracts';
import { Col, Flex, List, Row, Segmented, type TableColumnsType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bandLabel,
  EChart,
  FlaggedGrowth,
  flagsOf,
  PanelCard,
  panelState,
  ScrollTable,
  ShareChange,
  useAnalysisFilter,
  useFormatters,
  useNameOf,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { movementDefinitions } from '../../shared/analysis/movement/definitions.js';
import { MovementPanel } from '../../shared/analysis/movement/index.js';
import { MovementViewSwitch } from '../../shared/analysis/movement/ViewSwitch.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { contrastTrendChart, type MixPart, mixChart } from './charts.js';
import { useSlotCharacters } from './data.js';
import { CHARACTER_KINDS, CONTRAST_PARAMS, MIX_KINDS, MIX_LEVELS, type MixKind, TREND_METRICS } from './params.js';
import { SLOT_COLORS, SLOT_TEXT_COLORS } from './slots.js';

/** A compared slot with its figures, its place (0–3) and its colour. */
export interface Shown {
  index: number;
  color: string;
  slot: ContrastSlot;
  figures: ContrastSlotFigures;
}

export const shownOf = (bySlot: readonly (ContrastSlot | undefined)[]): Shown[] =>
  bySlot.flatMap((slot, index) =>
    slot?.figures ? [{ index, color: SLOT_COLORS[index]!, slot, figures: slot.figures }] : [],
  );

/** A slot's brand name in its colour. */
function SlotName({ s }: { s: Shown }) {
  const nameOf = useNameOf();
  return (
    <Flex align="center" gap={6}>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: s.color }}
      />
      <Typography.Text strong style={{ color: SLOT_TEXT_COLORS[s.index] }}>
        {nameOf(s.slot)}
      </Typography.Text>
    </Flex>
  );
}

type FigureRow = { key: string; label: string; cell: (s: Shown) => ReactNode };

/** Sales, count, average price, share, rank, growth, share change and contribution, one column per slot. */
export function OverviewPanel({ shown, state }: { shown: Shown[]; state: ReturnType<typeof panelState> }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { filter } = useAnalysisFilter();
  const selector = filter.selector;
  const base = t(`contrast.base.${selector}`);
  const cmp = (s: Shown) =>
    selector === 'custom' || selector === 'event' ? s.figures.overview.custom : s.figures.overview[selector];
  const rows: FigureRow[] = [
    { key: 'sales', label: t('contrast.overview.sales'), cell: (s) => fmt.money(s.figures.overview.sales) },
    { key: 'count', label: t('contrast.overview.count'), cell: (s) => fmt.number(s.figures.overview.count) },
    { key: 'avg', label: t('contrast.overview.avgPrice'), cell: (s) => fmt.money(s.figures.overview.avg_price, 2) },
    { key: 'share', label: t('contrast.overview.share'), cell: (s) => fmt.shareRatio(s.figures.overview.share) },
    {
      key: 'rank',
      label: t('contrast.overview.rank'),
      cell: (s) =>
        s.figures.overview.rank === null
          ? '-'
          : t('contrast.overview.rankValue', { rank: fmt.count(s.figures.overview.rank) }),
    },
    {
      key: 'growth',
      label: t('contrast.overview.growth', { base }),
      cell: (s) => <FlaggedGrowth value={cmp(s)?.growth.sales} flags={flagsOf(cmp(s))} />,
    },
    {
      key: 'shareChange',
      label: t('contrast.overview.shareChange', { base }),
      cell: (s) => <ShareChange value={cmp(s)?.share_change} />,
    },
    {
      key: 'contribution',
      label: t('contrast.overview.contribution', { base }),
      cell: (s) => fmt.ratio(cmp(s)?.contribution),
    },
    { key: 'market', label: t('contrast.overview.marketSales'), cell: (s) => fmt.money(s.figures.market.sales) },
  ];
  const columns: TableColumnsType<FigureRow> = [
    { key: 'label', title: t('contrast.overview.metric'), dataIndex: 'label', width: 180, fixed: 'left' },
    ...shown.map((s) => ({
      key: String(s.index),
      title: <SlotName s={s} />,
      align: 'right' as const,
      render: (_: unknown, r: FigureRow) => <span data-testid={`overview-${r.key}-${s.index + 1}`}>{r.cell(s)}</span>,
    })),
  ];
  return (
    <PanelCard
      title={t('contrast.overview.title')}
      definitions={['sales', 'count', 'avg_price', 'share', 'growth']}
      subject={t('contrast.overview.subject')}
      {...state}
    >
      {shown.length > 0 && (
        <ScrollTable<FigureRow>
          rowKey="key"
          columns={columns}
          dataSource={rows}
          pagination={false}
          data-testid="contrast-overview"
        />
      )}
    </PanelCard>
  );
}

/** The chosen metric of every slot over the periods, in the slots' colours. */
export function TrendPanel({ shown, state }: { shown: Shown[]; state: ReturnType<typeof panelState> }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [metric, setMetric] = usePanelParam(CONTRAST_PARAMS.trendMetric);
  // Every slot's trend answers each period of the applied range (docs/pages/contrast.md), so the axis is
  // the range's, its gaps drawn as gaps.
  const axis = useAxisCoverage();
  return (
    <PanelCard
      title={t('contrast.trend.title')}
      definitions={['sales', 'count', 'avg_price', 'growth']}
      subject={t('contrast.overview.subject')}
      extra={
        <Segmented
          size="small"
          value={metric}
          onChange={(v) => setMetric(v)}
          options={TREND_METRICS.map((m) => ({ value: m, label: t(`contrast.metric.${m}`) }))}
          data-testid="trend-metric"
        />
      }
      {...state}
    >
      {shown.length > 0 && (
        <EChart
          option={contrastTrendChart(
            shown.map((s) => ({ name: nameOf(s.slot), color: s.color, trend: s.figures.trend })),
            metric,
            fmt,
            axis,
          )}
          height={320}
        />
      )}
    </PanelCard>
  );
}

/** The parts of a slot's mix of one kind, named in the page language. */
function partsOf(s: Shown, kind: MixKind, nameOf: ReturnType<typeof useNameOf>, band: (r: MixPart) => string) {
  if (kind === 'category')
    return s.figures.categories.map((c) => ({
      key: String(c.category_id),
      name: nameOf(c),
      sales: c.sales,
      share: c.brand_part,
    }));
  if (kind === 'channel')
    return s.figures.channels.map((p) => ({
      key: String(p.platform_id),
      name: nameOf(p),
      sales: p.sales,
      share: p.share,
    }));
  return s.figures.price_bands.rows.map((r) => {
    const part = { key: r.key, name: nameOf(r), sales: r.sales, share: r.share };
    return { ...part, name: band(part) };
  });
}

/** Category (level 1–3), platform or price-band mix of each slot as 100 % bars. */
export function MixPanel({ shown, state }: { shown: Shown[]; state: ReturnType<typeof panelState> }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const [kind, setKind] = usePanelParam(CONTRAST_PARAMS.mixKind);
  const [level, setLevel] = usePanelParam(CONTRAST_PARAMS.mixLevel);
  const bandName = (s: Shown) => (p: MixPart) => {
    const i = Number(p.key);
    const b = Number.isInteger(i) ? s.figures.price_bands.bands[i] : undefined;
    return b ? (bandLabel(fmt, t, b) ?? p.name) : p.name;
  };
  return (
    <PanelCard
      title={t('contrast.mix.title')}
      definitions={['share']}
      subject={t('contrast.overview.subject')}
      extra={
        <Flex gap={8} wrap>
          <Segmented
            size="small"
            value={kind}
            onChange={(v) => setKind(v)}
            options={MIX_KINDS.map((k) => ({ value: k, label: t(`contrast.mix.${k}`) }))}
            data-testid="mix-kind"
          />
          {kind === 'category' && (
            <Segmented
              size="small"
              value={level}
              onChange={(v) => setLevel(v)}
              options={MIX_LEVELS.map((l) => ({ value: l, label: t('contrast.mix.level', { level: l }) }))}
              data-testid="mix-level"
            />
          )}
        </Flex>
      }
      {...state}
    >
      {shown.length > 0 && (
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('contrast.mix.hint')}</Typography.Text>
          <EChart
            option={mixChart(
              shown.map((s) => ({
                name: nameOf(s.slot),
                color: s.color,
                parts: partsOf(s, kind, nameOf, bandName(s)),
              })),
              { others: t('contrast.mix.others') },
              fmt,
            )}
            height={80 + 48 * shown.length}
          />
        </Flex>
      )}
    </PanelCard>
  );
}

/** Each slot's best-selling products side by side. */
export function TopProductsPanel({ shown, state }: { shown: Shown[]; state: ReturnType<typeof panelState> }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  return (
    <PanelCard
      title={t('contrast.top.title')}
      definitions={['sales', 'share']}
      subject={t('contrast.overview.subject')}
      {...state}
    >
      {shown.length > 0 && (
        <Row gutter={[16, 16]}>
          {shown.map((s) => (
            <Col key={s.index} xs={24} md={12} xl={24 / Math.min(4, shown.length)} data-testid={`top-${s.index + 1}`}>
              <SlotName s={s} />
              <List
                size="small"
                dataSource={s.figures.top_products}
                locale={{ emptyText: t('contrast.top.none') }}
                renderItem={(p, i) => (
                  <List.Item style={{ paddingInline: 0 }}>
                    {/* The name takes the room left; the figures keep theirs, right-aligned in columns of
                        equal digits and never wrapped (docs/web.md "Fits at 1280 px"). */}
                    <Flex justify="space-between" align="baseline" gap={8} style={{ width: '100%' }}>
                      <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} title={nameOf(p)}>
                        {i + 1}. {nameOf(p)}
                      </Typography.Text>
                      <Flex gap={8} style={{ flex: 'none', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                        <Typography.Text style={{ minWidth: 64, textAlign: 'right' }}>
                          {fmt.money(p.sales)}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ minWidth: 44, textAlign: 'right' }}>
                          {fmt.shareRatio(p.share)}
                        </Typography.Text>
                      </Flex>
                    </Flex>
                  </List.Item>
                )}
              />
            </Col>
          ))}
        </Row>
      )}
    </PanelCard>
  );
}

const LISTS = { attribute: 'attributes', price_band: 'price_bands', keyword: 'keywords' } as const;

/** One slot's characters of the chosen kind: its top segments by distinction, with TGI. */
function SlotCharacters({ s }: { s: Shown }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormatters();
  const en = i18n.language === 'en';
  const [kind] = usePanelParam(CONTRAST_PARAMS.characterKind);
  const q = useSlotCharacters(s.slot.brand_id, s.slot.categories);
  const rows = (q.data?.[LISTS[kind]] ?? []).slice(0, 8);
  const label = (r: BrandCharacter) => {
    if (kind === 'price_band') return bandLabel(fmt, t, r.band) ?? r.value;
    const value = en ? r.value_en || r.value : r.value;
    const group = en ? r.group_name_en || r.group_name : r.group_name;
    return group ? `${group}: ${value}` : value;
  };
  return (
    <Col xs={24} md={12} xl={6} data-testid={`characters-${s.index + 1}`}>
      <SlotName s={s} />
      <PanelCard subject={t('contrast.characters.subject')} {...panelState(q)} minHeight={120}>
        {q.data && (
          <List
            size="small"
            dataSource={rows}
            locale={{ emptyText: t('contrast.characters.none') }}
            renderItem={(r) => (
              <List.Item style={{ paddingInline: 0 }}>
                <Flex justify="space-between" gap={8} style={{ width: '100%' }}>
                  {/* Cut by CSS: the whole name on hover (docs/web.md "Fits at 1280 px"). */}
                  <Typography.Text ellipsis style={{ maxWidth: '70%' }} title={label(r)}>
                    {label(r)}
                  </Typography.Text>
                  {/* A figure never breaks over two lines ("TGI 2 157"). */}
                  <Typography.Text
                    type="secondary"
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', flex: 'none' }}
                  >
                    {t('contrast.characters.tgi', { value: fmt.number(r.tgi) })}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </PanelCard>
    </Col>
  );
}

/** Where each brand over-indexes its own market (Brand Detail's characters, per slot). */
export function CharactersPanel({ shown }: { shown: Shown[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = usePanelParam(CONTRAST_PARAMS.characterKind);
  return (
    <PanelCard
      title={t('contrast.characters.title')}
      definitions={['tgi', 'distinction']}
      subject={t('contrast.characters.subject')}
      extra={
        <Segmented
          size="small"
          value={kind}
          onChange={(v) => setKind(v)}
          options={CHARACTER_KINDS.map((k) => ({ value: k, label: t(`contrast.characters.${k}`) }))}
          data-testid="characters-kind"
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('contrast.characters.hint')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {shown.map((s) => (
          <SlotCharacters key={s.index} s={s} />
        ))}
      </Row>
    </PanelCard>
  );
}

/**
 * What moved each slot's brand (POST /movement, one request per slot): the filter with the slot's
 * categories as its market and the slot's brand as `brand_id`, bridges two by two so their labels fit
 * at 1280 px; one split switch for all.
 */
export function MovementSlotsPanel({ shown }: { shown: Shown[] }) {
  const { t } = useTranslation();
  const [view] = usePanelParam(CONTRAST_PARAMS.movementView);
  return (
    <PanelCard
      title={t('analysis.movement.title')}
      definitions={movementDefinitions(view, true)}
      subject={t('analysis.movement.subject')}
      extra={<MovementViewSwitch param={CONTRAST_PARAMS.movementView} />}
    >
      <Typography.Paragraph type="secondary">{t('analysis.movement.hint')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {shown.map((s) => (
          <Col key={s.index} xs={24} lg={12} data-testid={`movement-slot-${s.index + 1}`}>
            <SlotName s={s} />
            <MovementPanel
              compact
              view={CONTRAST_PARAMS.movementView}
              title={null}
              testId={`movement-${s.index + 1}`}
              body={{
                brand_id: s.slot.brand_id,
                ...(s.slot.categories.length
                  ? { category: { enable: true, value: [...s.slot.categories] }, sql: undefined }
                  : {}),
              }}
            />
          </Col>
        ))}
      </Row>
    </PanelCard>
  );
}
