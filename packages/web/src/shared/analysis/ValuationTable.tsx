import { InfoCircleOutlined } from '@ant-design/icons';
import type { InsightValuationData } from '@marketlens/shared/contracts';
import { Flex, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../ui/ScrollTable.js';
import { flagsOf } from './FlagMark.js';
import { FlaggedGrowth, numericColumn, useScoreColumns } from './figures.js';
import { useFormatters } from './useFormatters.js';

type ValuationItem = InsightValuationData['items'][number];
type FactorKey = keyof InsightValuationData['weights'];

/** A figure with the factor's 0–100 score under it. */
function Scored({ children, score }: { children: ReactNode; score: number | null }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  return (
    <Flex vertical align="flex-end" style={{ whiteSpace: 'nowrap' }}>
      <span>{children}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('analysis.valuation.scoreShort', { score: fmt.number(score, 1) })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The category valuation table (Category Insight, Concept Explore): each category's total score, and
 * per factor its figure with its 0–100 score; the factor's description on its header.
 */
export function ValuationTable({ data }: { data: InsightValuationData }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const title = (k: FactorKey, text: string) => (
    <Tooltip title={t(`insight.valuation.about.${k}`)}>
      <span>
        {text} <InfoCircleOutlined style={{ color: 'rgba(0,0,0,0.35)', fontSize: 12 }} />
      </span>
    </Tooltip>
  );
  const columns: TableColumnsType<ValuationItem> = [
    ...useScoreColumns<ValuationItem>(t('analysis.valuation.score'), 'valuation-score'),
    {
      key: 'market_size',
      title: title('market_size', t('analysis.col.sales')),
      ...numericColumn,
      render: (_, r) => <Scored score={r.scores.market_size}>{fmt.money(r.sales)}</Scored>,
    },
    {
      key: 'growth',
      title: title('growth', t('analysis.valuation.growth')),
      ...numericColumn,
      render: (_, r) => (
        <Scored score={r.scores.growth}>
          <FlaggedGrowth value={r.growth} flags={flagsOf(r)} />
        </Scored>
      ),
    },
    {
      key: 'concentration',
      title: title('concentration', `${t('analysis.valuation.cr5')} / ${t('analysis.valuation.hhi')}`),
      ...numericColumn,
      render: (_, r) => (
        <Scored score={r.scores.concentration}>
          {fmt.shareRatio(r.cr5)} / {fmt.number(r.hhi)}
        </Scored>
      ),
    },
    {
      key: 'avg_price',
      title: title('avg_price', t('analysis.col.avgPrice')),
      ...numericColumn,
      render: (_, r) => <Scored score={r.scores.avg_price}>{fmt.metric('avg_price', r.avg_price)}</Scored>,
    },
    {
      key: 'new_brand',
      title: title('new_brand', t('analysis.valuation.newBrandShare')),
      ...numericColumn,
      render: (_, r) => (
        <Scored score={r.scores.new_brand}>
          {fmt.shareRatio(r.new_brand_share)} · {t('analysis.valuation.brandCount', { count: r.brand_count })}
        </Scored>
      ),
    },
  ];
  return (
    <>
      <ScrollTable<ValuationItem>
        rowKey="category_id"
        columns={columns}
        dataSource={data.items}
        pagination={data.items.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        data-testid="valuation-table"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('analysis.valuation.newBrandSince', {
          date: fmt.period(data.new_brand_since),
          start: fmt.period(data.growth_base.start),
          end: fmt.period(data.growth_base.end),
        })}
      </Typography.Text>
    </>
  );
}
