import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { formatNumber, isNoChange } from '@marketlens/shared';
import { Flex, Progress, type TableColumnsType, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { nameColumn } from '../ui/DisplayText.js';
import { DOWN_COLOR, UP_COLOR } from '../ui/theme.js';
import { colorAt } from './chartOptions.js';
import { Flagged, type FlagList, flagsOf, growthFlags } from './FlagMark.js';
import { type Formatters, useFormatters } from './useFormatters.js';

/**
 * Small building blocks of analysis tables and cards: names in the page language, growth and share
 * change with arrow and colour, price-band labels, figure columns and bar cells.
 */

/** Up and down colours of a change (green rises, red falls; no change stays neutral, docs/product.md §9). */
export { DOWN_COLOR, UP_COLOR };

/** The name of a `{ name, name_en }` item in the current language (English falls back to Chinese). */
export function useNameOf() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return useCallback(
    (item: { name: string; name_en: string } | null | undefined) =>
      item ? (en ? item.name_en || item.name : item.name || item.name_en) : '',
    [en],
  );
}

/**
 * A growth ratio (0.12 = +12 %) with an arrow and colour; '-' when there is no value. `testId` marks
 * the figure itself (without the arrow): a fall reads "↓ 12%", the sign is the arrow's.
 */
export function Growth({
  value,
  strong,
  testId,
}: {
  value: number | null | undefined;
  strong?: boolean;
  testId?: string;
}) {
  const fmt = useFormatters();
  const text = fmt.ratio(value);
  if (value === null || value === undefined || isNoChange(value)) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {text}
      </Typography.Text>
    );
  }
  const up = value > 0;
  return (
    <Typography.Text strong={strong} style={{ color: up ? UP_COLOR : DOWN_COLOR, whiteSpace: 'nowrap' }}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} <span data-testid={testId}>{text.replace(/^-/, '')}</span>
    </Typography.Text>
  );
}

/**
 * A table's growth cell: the growth and, beside it, the marks of its flags (FlagMark.tsx `growthFlags`:
 * the row's `flags` from the API and the value's own low base), on one line.
 */
export function FlaggedGrowth({
  value,
  flags,
  strong,
  testId,
}: {
  value: number | null | undefined;
  flags: FlagList;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Flagged flags={growthFlags(flags, value)}>
      <Growth value={value} strong={strong} testId={testId} />
    </Flagged>
  );
}

/** A share change in percentage points (ratio 0.012 → "+1.2 pp"), coloured like a growth. */
export function pointsText(
  t: (k: 'analysis.points', o: { value: string }) => string,
  change: number | null | undefined,
) {
  if (change === null || change === undefined || !Number.isFinite(change)) return '-';
  const pts = change * 100;
  const value = formatNumber(Math.abs(pts) < 0.05 ? 0 : pts, { decimals: 1 });
  return t('analysis.points', { value: pts > 0.05 ? `+${value}` : value });
}

export function ShareChange({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation();
  const text = pointsText(t, value);
  const flat = value === null || value === undefined || Math.abs(value * 100) < 0.05;
  return (
    <Typography.Text
      type={flat ? 'secondary' : undefined}
      style={flat ? { whiteSpace: 'nowrap' } : { color: value > 0 ? UP_COLOR : DOWN_COLOR, whiteSpace: 'nowrap' }}
    >
      {text}
    </Typography.Text>
  );
}

/** The label of a price band [min, max] (max null = open-ended) with the project currency. */
export function bandLabel(
  fmt: Formatters,
  t: (k: 'analysis.bandOpen', o: { min: string }) => string,
  band: readonly (number | null)[] | undefined,
): string | undefined {
  if (!band) return undefined;
  const [min, max] = band;
  // Whole currency units, but a small bound keeps its figure (docs/product.md §9 would show '<10').
  const money = (v: number | null | undefined) =>
    formatNumber(v, { currency: fmt.currency, decimals: v && Math.abs(v) < 10 ? 1 : 0 });
  if (max === null || max === undefined) return t('analysis.bandOpen', { min: money(min) });
  return `${money(min)} – ${money(max)}`;
}

const NOWRAP = { style: { whiteSpace: 'nowrap' as const, fontVariantNumeric: 'tabular-nums' } };
/**
 * Column props of a figure: right-aligned in digits of equal width, its cells never wrapped ('¥7 896M'
 * must not break; docs/product.md §9 groups with a no-break space as well).
 */
export const numericColumn = {
  align: 'right' as const,
  onCell: () => NOWRAP,
};

/** A row that has a share change and a sales growth (distributions, rankings, the brand's categories). */
interface ChangeRow {
  share_change: number | null;
  growth?: { sales: number | null } | null;
}

/** The share change (in points) and sales growth columns every figures table ends with. */
export function useChangeColumns<T extends ChangeRow>(): TableColumnsType<T> {
  const { t } = useTranslation();
  return [
    {
      key: 'shareChange',
      title: t('analysis.col.shareChange'),
      ...numericColumn,
      render: (_, r) => <ShareChange value={r.share_change} />,
    },
    {
      key: 'growth',
      title: t('analysis.col.salesGrowth'),
      ...numericColumn,
      render: (_, r) => <FlaggedGrowth value={r.growth?.sales} flags={flagsOf(r)} />,
    },
  ];
}

/** A named, ranked and scored row (a category valuation). */
interface ScoredRow {
  rank: number;
  name: string;
  name_en: string;
  score: number;
}

/** The rank, category and score (bar + figure) columns that a valuation table starts with, all fixed. */
export function useScoreColumns<T extends ScoredRow>(scoreTitle: string, scoreTestId: string): TableColumnsType<T> {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const nameOf = useNameOf();
  return [
    { key: 'rank', title: t('analysis.col.rank'), dataIndex: 'rank', width: 64, align: 'center', fixed: 'left' },
    { ...nameColumn<T>({ key: 'name', title: t('analysis.col.category'), text: nameOf, width: 180 }), fixed: 'left' },
    {
      key: 'score',
      title: scoreTitle,
      width: 170,
      // The figure the valuation is sorted by stays beside the name when the table scrolls.
      fixed: 'left',
      render: (_, r) => (
        <BarCell
          percent={r.score}
          text={fmt.number(r.score, 1)}
          color={colorAt(1)}
          textWidth={40}
          strong
          testId={scoreTestId}
        />
      ),
    },
  ];
}

/**
 * A bar for a 0–100 figure (a share in percent, a score) with its text on the right, in one table
 * cell. The bar is a progressbar to assistive technology, named by that text (its column says what).
 */
export function BarCell({
  percent,
  text,
  color = colorAt(0),
  textWidth = 46,
  strong,
  testId,
}: {
  percent: number | null | undefined;
  text: string;
  color?: string;
  textWidth?: number;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Flex align="center" gap={8}>
      <Progress
        percent={Math.min(100, Math.max(0, percent ?? 0))}
        showInfo={false}
        aria-label={text}
        size="small"
        strokeColor={color}
        style={{ flex: 1, margin: 0, minWidth: 40 }}
      />
      <Typography.Text
        strong={strong}
        style={{ width: textWidth, textAlign: 'right', whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {text}
      </Typography.Text>
    </Flex>
  );
}
