import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  type CoverageGap,
  comparesWithBase,
  comparisonPeriod,
  type DefinitionRef,
  type Granularity,
  isEventRefusal,
  METRIC_DEFINITIONS,
  periodsOf,
  resolveDefinitions,
} from '@marketlens/shared';
import type { Warning } from '@marketlens/shared/contracts';
import { Alert, Button, Card, Empty, Flex, Popover, Skeleton, Spin, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/request.js';
import { useSession } from '../auth/session.js';
import type { AnalysisFilter, DatePair, Selector } from './filter.js';
import { useTableDate } from './reference.js';
import { tableRangeGaps } from './timeAxis.js';
import { useAnalysisFilter } from './useAnalysisFilter.js';
import { eventComparisonOf, useEventEditions } from './useEventEditions.js';
import { useFormatters } from './useFormatters.js';
import type { AnyMessageKey } from './validate.js';

/**
 * Warnings a panel shows above its content (docs/product.md §8); 'analytics.noData' shows as the empty state
 * instead.
 */
const NO_DATA = 'analytics.noData';

/** A warning of an answer: its message key, or the answer's own `{ code, msg }`. */
export type AnswerWarning = string | Warning;

/**
 * Warnings whose server text names what the key cannot (the periods of an unequal coverage): they are
 * shown in the server's words, which come in the request's language; every other one by its key.
 */
const NAMED_BY_SERVER: ReadonlySet<string> = new Set(['analytics.unequalCoverage']);

export const warningCode = (w: AnswerWarning): string => (typeof w === 'string' ? w : w.code);

/** The words of a warning: the server's for those that name specifics, the translated key otherwise. */
export function warningText(w: AnswerWarning, t: TFunction): string {
  if (typeof w !== 'string' && w.msg && NAMED_BY_SERVER.has(w.code)) return w.msg;
  return t(warningCode(w) as AnyMessageKey);
}

/**
 * The one place an answer's warnings are drawn (panels, rows of cards): one alert per warning, in the
 * words of {@link warningText}. A panel shows 'analytics.noData' as its empty state instead, so it is
 * left out unless `keepNoData` (a row of cards has no empty state).
 */
export function AnswerWarnings({
  warnings,
  testIdPrefix = 'panel',
  keepNoData = false,
  style,
}: {
  warnings: readonly AnswerWarning[];
  /** The alerts' test ids are '<prefix>-warning-<code>'. */
  testIdPrefix?: string;
  keepNoData?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const shown = keepNoData ? warnings : warnings.filter((w) => warningCode(w) !== NO_DATA);
  if (shown.length === 0) return null;
  return (
    <Flex vertical gap={8} style={style}>
      {shown.map((w) => (
        <Alert
          key={warningCode(w)}
          type="warning"
          showIcon
          title={warningText(w, t)}
          data-testid={`${testIdPrefix}-warning-${warningCode(w)}`}
        />
      ))}
    </Flex>
  );
}

export interface PanelCardProps {
  title?: ReactNode;
  /** Controls on the right of the title (metric switch, sort, download …). */
  extra?: ReactNode;
  /** A request is running. With content present it stays visible under a pending indicator; without, a skeleton. */
  loading?: boolean;
  /** The last load failed: the "failed to get … try again later" of docs/product.md §8 and a Retry button. */
  error?: unknown;
  onRetry?: () => void;
  /** What failed to load, for the message ("failed to get {name}"); default "the data". */
  subject?: string;
  /**
   * The answer's warnings, as message keys ('analytics.unequalPeriods', 'analytics.noData' …) or as the
   * answer's `{ code, msg }` (so those that name specifics show the server's words, {@link warningText}).
   */
  warnings?: readonly AnswerWarning[];
  /** No data for this filter (also implied by the 'analytics.noData' warning). */
  empty?: boolean;
  /** The category is not ready yet (docs/product.md §6): a warning instead of the content. */
  notReady?: boolean;
  /**
   * The definitions of the figures the panel shows (metric-definitions.ts; 'growth' = the filter's
   * comparison), in the "how is this computed" popover beside the title. Without it, those of a
   * surrounding {@link PanelDefinitions}.
   */
  definitions?: readonly DefinitionRef[];
  /**
   * Why the panel is empty when the page knows better than the coverage: it compares an item with its
   * market and nothing differs ("nothing stands out"), with the page's own sentence if given.
   * Otherwise an empty panel says the dataset has a gap there (the whole range missing or sparse) or
   * that the filter matches nothing.
   */
  emptyReason?: EmptyReason;
  /** Height of the body while it has nothing to show, so the page does not jump. */
  minHeight?: number;
  style?: CSSProperties;
  children?: ReactNode;
}

const hasContent = (children: ReactNode) =>
  children !== undefined &&
  children !== null &&
  children !== false &&
  !(Array.isArray(children) && children.length === 0);

/**
 * One frame for every chart and table of an analysis page, with its states: pending (previous
 * content stays, dimmed, with a spinner that appears at once), failed (message + Retry), empty,
 * unequal periods, not-ready category.
 */
export function PanelCard({
  title,
  extra,
  loading = false,
  error,
  onRetry,
  subject,
  warnings = [],
  empty = false,
  notReady = false,
  definitions,
  emptyReason,
  minHeight = 240,
  style,
  children,
}: PanelCardProps) {
  const { t } = useTranslation();
  const inherited = useContext(DefinitionsContext);
  const content = hasContent(children);
  const noData = empty || warnings.some((w) => warningCode(w) === NO_DATA);
  const failed = error !== undefined && error !== null && !(isApiError(error) && error.cancelled);

  let body: ReactNode;
  if (notReady) {
    body = <Alert type="warning" showIcon title={t('analysis.state.notReady')} data-testid="panel-not-ready" />;
  } else if (failed && !(loading && content)) {
    body = (
      <Flex vertical align="center" justify="center" gap={12} style={{ minHeight }} data-testid="panel-error">
        <Alert
          type="error"
          showIcon
          title={t('analysis.state.loadFailed', { name: subject ?? t('analysis.state.data') })}
          description={isApiError(error) && error.status === 400 && error.message ? error.message : undefined}
        />
        {onRetry && (
          <Button icon={<ReloadOutlined />} onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Flex>
    );
  } else if (!content && loading) {
    body = (
      <div style={{ minHeight }} data-testid="panel-skeleton">
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      </div>
    );
  } else if (noData && !loading) {
    body = (
      <Flex align="center" justify="center" style={{ minHeight }} data-testid="panel-empty">
        <EmptyState reason={emptyReason} />
      </Flex>
    );
  } else {
    body = (
      <div style={{ position: 'relative' }}>
        <div
          aria-busy={loading}
          style={{
            opacity: loading ? 0.55 : 1,
            transition: 'opacity 120ms',
            pointerEvents: loading ? 'none' : undefined,
          }}
        >
          {children}
        </div>
        {loading && (
          <Flex
            role="status"
            aria-label={t('analysis.state.updating')}
            justify="center"
            style={{ position: 'absolute', inset: 0, alignItems: 'center' }}
            data-testid="panel-pending"
          >
            <Spin />
          </Flex>
        )}
      </div>
    );
  }

  return (
    <Card
      size="small"
      variant="borderless"
      title={
        title === undefined || title === null ? (
          title
        ) : (
          <Flex align="center" gap={4}>
            {title}
            <PanelInfoButton definitions={definitions ?? inherited} />
          </Flex>
        )
      }
      extra={extra}
      style={style}
      styles={{ body: { padding: '12px 16px 16px' } }}
    >
      {!notReady && <AnswerWarnings warnings={warnings} style={{ marginBottom: 12 }} />}
      {body}
    </Card>
  );
}

/** The state props of a {@link PanelCard} from a useAnalysisQuery result. */
export function panelState(q: {
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  warnings: readonly string[];
  /** The answer's warnings with their words (useAnalysisQuery), preferred over the bare keys. */
  warningDetails?: readonly Warning[];
}): Pick<PanelCardProps, 'loading' | 'error' | 'onRetry' | 'warnings'> {
  return {
    loading: q.isFetching,
    error: q.error ?? undefined,
    onRetry: () => void q.refetch(),
    warnings: q.warningDetails ?? q.warnings,
  };
}

/** Why an empty panel is empty, when the page knows (see {@link PanelCardProps.emptyReason}). */
export interface EmptyReason {
  kind: 'nothing_stands_out';
  /** The page's own sentence (e.g. "this brand is the whole market"); default the generic one. */
  text?: string;
}

const DefinitionsContext = createContext<readonly DefinitionRef[] | undefined>(undefined);

/**
 * The definitions of a panel drawn by a shared component the page cannot pass them to (a top-brands
 * table, channel shares …): every {@link PanelCard} inside without its own `definitions` uses these.
 */
export function PanelDefinitions({ value, children }: { value: readonly DefinitionRef[]; children: ReactNode }) {
  return <DefinitionsContext.Provider value={value}>{children}</DefinitionsContext.Provider>;
}

const BrandContext = createContext<string | undefined>(undefined);

/**
 * The one brand a page's panels are about (Brand Detail's, the URL's `brand` rather than the filter's
 * brands): the "?" popovers inside name it instead of the filter's brand choice.
 */
export function PanelBrand({ name, children }: { name: string; children: ReactNode }) {
  return <BrandContext.Provider value={name}>{children}</BrandContext.Provider>;
}

/** Whether a range has no usable period at all: every one missing or sparse (partial ones hold data). */
export function rangeIsGap(coverage: readonly CoverageGap[], range: DatePair, granularity: Granularity): boolean {
  const n = periodsOf({ start: range[0], end: range[1] }, granularity).length;
  return n > 0 && coverage.filter((g) => g.state !== 'partial').length === n;
}

/** The applied range, its coverage and the dataset's reference data; undefined parts until they load. */
function useRangeCoverage() {
  const { resolved, granularity } = useAnalysisFilter();
  const table = useTableDate();
  const range = resolved?.date;
  const d = table.data;
  const coverage = range && d ? tableRangeGaps(d, { start: range[0], end: range[1] }, granularity) : [];
  return { range, coverage, granularity, asOf: d?.as_of, filter: resolved };
}

/** A list in the page language ("a, b and c" / "a、b和c"). */
function useListText() {
  const fmt = useFormatters();
  return (items: readonly string[]) => new Intl.ListFormat(fmt.locale, { type: 'conjunction' }).format(items);
}

/** Periods named in a message: up to three listed, a longer run as "first – last". */
function usePeriodList() {
  const fmt = useFormatters();
  const list = useListText();
  return (periods: readonly string[]) =>
    periods.length <= 3
      ? list(periods.map(fmt.period))
      : `${fmt.period(periods[0]!)} – ${fmt.period(periods[periods.length - 1]!)}`;
}

/** The empty state: nothing stands out (the page says), a gap in the data, or a filter that matches nothing. */
function EmptyState({ reason }: { reason: EmptyReason | undefined }) {
  const { t } = useTranslation();
  const { range, coverage, granularity } = useRangeCoverage();
  const list = usePeriodList();
  let text: string;
  let kind: 'nothing-stands-out' | 'gap' | 'no-match';
  if (reason) {
    kind = 'nothing-stands-out';
    text = reason.text ?? t('analysis.empty.nothingStandsOut');
  } else if (range && rangeIsGap(coverage, range, granularity)) {
    kind = 'gap';
    text = t('analysis.empty.gap', { periods: list(coverage.map((g) => g.period)) });
  } else {
    kind = 'no-match';
    text = t('analysis.empty.noMatch');
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={<span data-testid={`panel-empty-${kind}`}>{text}</span>}
      style={{ maxWidth: 480 }}
    />
  );
}

/** The "?" beside a panel's or a card's title: a popover of how its figures are computed. */
export function PanelInfoButton({ definitions = [] }: { definitions?: readonly DefinitionRef[] }) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('analysis.info.button')}
      content={<PanelInfo definitions={definitions} />}
      styles={{ container: { maxWidth: 'min(460px, calc(100vw - 32px))' } }}
    >
      <Button
        type="text"
        size="small"
        icon={<QuestionCircleOutlined />}
        aria-label={t('analysis.info.button')}
        data-testid="panel-info"
        style={{ color: 'rgba(0, 0, 0, 0.45)' }}
      />
    </Popover>
  );
}

/** Counts the conditions of a filter besides period, categories, brands and shops. */
function otherConditions(f: AnalysisFilter): number {
  const keywords =
    f.goodsKeywords.enable &&
    (Array.isArray(f.goodsKeywords.value) ? f.goodsKeywords.value.length > 0 : f.goodsKeywords.value.trim() !== '');
  return (
    (f.channels.length > 0 ? 1 : 0) +
    (keywords ? 1 : 0) +
    Object.values(f.attributes).filter((v) => v.length > 0).length +
    f.newAttributes.filter((a) => a.values.length > 0).length +
    (f.descriptions.length > 0 ? 1 : 0) +
    (f.bands.some((b) => b.trim() !== '') ? 1 : 0)
  );
}

/** The popover's content: the definitions, what the figures include, the data's date and coverage. */
function PanelInfo({ definitions }: { definitions: readonly DefinitionRef[] }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const { scope } = useSession();
  const { range, coverage, granularity, asOf, filter } = useRangeCoverage();
  const brand = useContext(BrandContext);
  const list = useListText();
  const selector = filter?.selector ?? 'mom';
  const ids = resolveDefinitions(definitions, selector);
  const editions = useEventEditions(selector === 'event');
  const { bounds } = useAnalysisFilter();
  const baseOf = (s: Selector): DatePair | null | undefined => {
    if (!range) return undefined;
    if (s === 'custom') return filter?.dateBefore;
    if (s === 'event') {
      const c = eventComparisonOf(editions.data, filter?.event ?? null, granularity, bounds);
      return c && !isEventRefusal(c) ? [c.baseRange.start, c.baseRange.end] : undefined;
    }
    const b = comparisonPeriod({ start: range[0], end: range[1] }, s, granularity);
    return [b.start, b.end];
  };
  // A card shows several growths (MoM and YoY), each against its own base; other compared figures
  // (share change, contribution …) are against the filter's comparison.
  const growths = (['mom', 'yoy', 'custom', 'event'] as const).filter((s) => ids.includes(`growth_${s}`));
  const bases =
    growths.length > 0
      ? growths.map((s) => ({ s, range: baseOf(s) }))
      : comparesWithBase(ids)
        ? [{ s: selector, range: baseOf(selector) }]
        : [];
  const includes: string[] = [];
  if (range) includes.push(t('analysis.info.range', { start: fmt.period(range[0]), end: fmt.period(range[1]) }));
  for (const b of bases)
    if (b.range)
      includes.push(
        t('analysis.info.base', {
          name: t(METRIC_DEFINITIONS[`growth_${b.s}`].name),
          start: fmt.period(b.range[0]),
          end: fmt.period(b.range[1]),
        }),
      );
  if (filter) {
    if (filter.sql.enable && filter.sql.value.trim() !== '') includes.push(t('analysis.info.categoriesSql'));
    else if (filter.category.value.length > 0)
      includes.push(t('analysis.info.categories', { count: filter.category.value.length }));
    else includes.push(t('analysis.info.categoriesAll'));
    if (brand !== undefined) includes.push(t('analysis.info.brand', { name: brand }));
    else if (filter.isFollowConcernedBrands) includes.push(t('analysis.info.brandsFollowed'));
    else if (filter.brands.length > 0) includes.push(t('analysis.info.brands', { count: filter.brands.length }));
    else includes.push(t('analysis.info.brandsAll'));
    if (filter.shops.length > 0) includes.push(t('analysis.info.shops', { count: filter.shops.length }));
    const others = otherConditions(filter);
    if (others > 0) includes.push(t('analysis.info.others', { count: others }));
  }
  includes.push(
    scope?.discountPrice && scope.discountPriceOn ? t('analysis.info.priceDiscount') : t('analysis.info.priceList'),
  );
  includes.push(t('analysis.info.grant'));

  const counts = (['missing', 'sparse', 'partial'] as const)
    .map((state) => ({ state, count: coverage.filter((g) => g.state === state).length }))
    .filter((c) => c.count > 0);
  const coverageText =
    counts.length === 0
      ? t('analysis.info.coverageComplete')
      : t('analysis.info.coverage', {
          parts: list(counts.map((c) => t(`analysis.info.${c.state}`, { count: c.count }))),
        });
  const section = (title: string) => (
    <Typography.Text strong style={{ fontSize: 12 }}>
      {title}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={8} style={{ fontSize: 13 }} data-testid="panel-info-content">
      {ids.length > 0 && (
        <Flex vertical gap={4}>
          {section(t('analysis.info.definitions'))}
          {ids.map((id) => (
            <Flex key={id} vertical data-testid={`panel-info-def-${id}`}>
              <Typography.Text strong>{t(METRIC_DEFINITIONS[id].name)}</Typography.Text>
              <Typography.Text>{t(METRIC_DEFINITIONS[id].text)}</Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
      <Flex vertical gap={2}>
        {section(t('analysis.info.includes'))}
        {includes.map((line) => (
          <Typography.Text key={line}>{line}</Typography.Text>
        ))}
      </Flex>
      <Flex vertical gap={2}>
        {section(t('analysis.info.data'))}
        {asOf && <Typography.Text>{t('analysis.info.asOf', { date: asOf.slice(0, 10) })}</Typography.Text>}
        <Typography.Text data-testid="panel-info-coverage">{coverageText}</Typography.Text>
        {coverage.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {list(coverage.slice(0, 6).map((g) => `${fmt.period(g.period)} ${t(`analysis.gap.${g.state}`)}`))}
            {coverage.length > 6 ? ' …' : ''}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
