import type { BrandCharacter, CharacterKind } from '@marketlens/shared/contracts';
import { BRAND_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Badge, Flex, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BarCell,
  bandLabel,
  colorAt,
  DownloadButton,
  numericColumn,
  PagedTable,
  PanelCard,
  panelState,
  useAnalysisQuery,
  useFormatters,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { DisplayText, nameColumn } from '../../shared/ui/DisplayText.js';
import { columnBudget } from '../../shared/ui/displayText.js';
import { BRAND_PARAMS } from './params.js';

/** The contract's CHARACTER_KINDS, each with the answer's list (contracts are imported type-only). */
const KINDS: readonly { kind: CharacterKind; list: 'attributes' | 'price_bands' | 'keywords' }[] = [
  { kind: 'attribute', list: 'attributes' },
  { kind: 'price_band', list: 'price_bands' },
  { kind: 'keyword', list: 'keywords' },
];

/** A TGI coloured by how strongly the brand over-indexes (≥ 200: twice its usual share). */
function Tgi({ value }: { value: number | null }) {
  const fmt = useFormatters();
  const strong = value !== null && value >= 200;
  return (
    <Tag color={strong ? 'volcano' : 'orange'} style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}>
      {fmt.number(value)}
    </Tag>
  );
}

/** The segments of one kind, ranked by distinction index. */
function CharacterTable({ kind, rows }: { kind: CharacterKind; rows: readonly BrandCharacter[] }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const fmt = useFormatters();
  const top = Math.max(0, ...rows.map((r) => r.distinction ?? 0));
  const value = (r: BrandCharacter) =>
    kind === 'price_band' ? (bandLabel(fmt, t, r.band) ?? r.value) : en ? r.value_en || r.value : r.value;
  const columns: TableColumnsType<BrandCharacter> = [
    {
      key: 'rank',
      title: t('analysis.col.rank'),
      width: 64,
      align: 'center',
      render: (_, _r, i) => <span data-testid="character-rank">{i + 1}</span>,
    },
    ...(kind === 'attribute'
      ? [
          nameColumn<BrandCharacter>({
            key: 'group',
            title: t('brand.characters.col.attribute'),
            width: 120,
            text: (r) => (en ? r.group_name_en || r.group_name : r.group_name) ?? '',
          }),
        ]
      : []),
    {
      key: 'value',
      title: t(`brand.characters.valueTitle.${kind}`),
      width: 150,
      render: (_, r) => <DisplayText text={value(r)} budget={columnBudget(150)} style={{ fontWeight: 600 }} />,
    },
    {
      key: 'distinction',
      title: t('brand.characters.col.distinction'),
      width: 180,
      render: (_, r) => (
        <BarCell
          percent={top > 0 ? ((r.distinction ?? 0) / top) * 100 : 0}
          text={fmt.number(r.distinction, 1)}
          color={colorAt(2)}
          textWidth={52}
        />
      ),
    },
    { key: 'tgi', title: t('brand.characters.col.tgi'), ...numericColumn, render: (_, r) => <Tgi value={r.tgi} /> },
    {
      key: 'shareInSegment',
      title: t('brand.characters.short.shareInSegment'),
      ...numericColumn,
      render: (_, r) => fmt.shareRatio(r.share_in_segment),
    },
    {
      key: 'brandSales',
      title: t('brand.characters.short.brandSales'),
      ...numericColumn,
      render: (_, r) => fmt.money(r.brand_sales),
    },
    {
      key: 'segmentSales',
      title: t('brand.characters.short.segmentSales'),
      ...numericColumn,
      render: (_, r) => fmt.money(r.segment_sales),
    },
  ];
  return (
    <PagedTable<BrandCharacter>
      rowKey={(r) => `${r.group ?? ''}:${r.value}`}
      columns={columns}
      rows={rows}
      emptyText={t('brand.characters.none')}
      testId={`characters-${kind}`}
    />
  );
}

/**
 * What sets the brand apart (POST /brands/characters): the attribute values, price bands and title
 * keywords where its share is above its share of the whole market (TGI > 100), ranked by distinction
 * index; the .xlsx holds the three lists.
 */
export function CharactersPanel({ brandId, brandName }: { brandId: number; brandName: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const [kind, setKind] = usePanelParam(BRAND_PARAMS.characterKind);
  const q = useAnalysisQuery(BRAND_ENDPOINTS.characters, { brand_id: brandId });
  const d = q.data;
  const total = d ? d.attributes.length + d.price_bands.length + d.keywords.length : 0;
  return (
    <PanelCard
      title={t('brand.characters.title')}
      definitions={['tgi', 'distinction', 'share']}
      extra={
        <DownloadButton
          endpoint={BRAND_ENDPOINTS.charactersDownload}
          body={{ brand_id: brandId }}
          fileName={`${brandName}-${t('brand.characters.title')}`}
          disabled={total === 0}
        />
      }
      subject={t('brand.characters.subject')}
      {...panelState(q)}
      empty={d !== undefined && total === 0}
      // A brand with sales and no segment above its usual share: nothing stands out — always so when
      // the brand is the whole market (share 100 %, every TGI exactly 100).
      emptyReason={
        d && d.brand_sales > 0
          ? {
              kind: 'nothing_stands_out',
              text: d.brand_sales >= d.market_sales ? t('brand.characters.wholeMarket') : undefined,
            }
          : undefined
      }
      minHeight={200}
    >
      {d && total > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            {t('brand.characters.hint', { share: fmt.shareRatio(d.brand_share), market: fmt.money(d.market_sales) })}
          </Typography.Text>
          <Tabs
            activeKey={kind}
            onChange={(k) => setKind(k as CharacterKind)}
            items={KINDS.map(({ kind: k, list }) => ({
              key: k,
              label: (
                <Flex gap={6} align="center">
                  {t(`brand.characters.tab.${k}`)}
                  <Badge count={d[list].length} showZero color={d[list].length ? colorAt(0) : '#d9d9d9'} />
                </Flex>
              ),
              children: <CharacterTable kind={k} rows={d[list]} />,
            }))}
          />
        </Flex>
      )}
    </PanelCard>
  );
}
