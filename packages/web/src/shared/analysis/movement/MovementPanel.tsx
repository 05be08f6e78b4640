import type { MovementAnswer, MovementSku, ShareContribution } from '@marketlens/shared/contracts';
import { MOVEMENT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Col, Flex, Row, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Params } from '../../api/request.js';
import { DisplayText } from '../../ui/DisplayText.js';
import { columnBudget } from '../../ui/displayText.js';
import { DownloadButton } from '../DownloadButton.js';
import { type ChartEventHandler, EChart } from '../EChart.js';
import { DOWN_COLOR, numericColumn, pointsText, ShareChange, UP_COLOR } from '../figures.js';
import { encodeFilter } from '../filter.js';
import { PagedTable } from '../PagedTable.js';
import { PanelCard, panelState } from '../PanelCard.js';
import { type PanelParam, usePanelParam } from '../panelParams.js';
import { useAnalysisFilter } from '../useAnalysisFilter.js';
import { useAnalysisQuery } from '../useAnalysisQuery.js';
import { useFormatters } from '../useFormatters.js';
import { useLocalName } from '../useLocalName.js';
import { movementDefinitions } from './definitions.js';
import { LaunchCohorts } from './LaunchCohorts.js';
import { MovementViewSwitch } from './ViewSwitch.js';
import type { MovementView } from './views.js';
import { bridgeSteps, LIFECYCLE_TERMS, type MovementTerm, type Step, termsOf, waterfallOption } from './waterfall.js';

const NAME_WIDTH = 300;
const COMPACT_NAME_WIDTH = 190;
const CATEGORY_WIDTH = 200;
/** Room kept beside a listed SKU's shop for " · platform". */
const PLATFORM_PX = 70;

/** The term of a split whose SKUs are listed first: the largest in absolute value. */
function largestTerm(total: MovementAnswer['total'], view: MovementView): MovementTerm {
  return termsOf(view).reduce((a, b) => (Math.abs(total[b]) > Math.abs(total[a]) ? b : a));
}

/**
 * "What moved it" (POST /movement, docs/metrics.md "What moved it"): the change in sales of the
 * page's selection as a waterfall — base sales, volume, price, mix, residual, current sales, or (the
 * second view, in the URL) base, launches, continuing, discontinued, current. A click on a term's bar
 * lists the SKUs behind it (each opening Product Analysis with the page's filter) and the categories
 * that moved most; with a brand or a shop (`body.brand_id`, `body.shop`) the change of its share by
 * category and by platform. With `cohorts` (Category Insight, Brand Detail) the share of current sales
 * from SKUs launched in the last year and by launch year. The download has the same figures. One
 * component for every page: the page gives the switch's param and the fields that narrow the selection.
 */
export function MovementPanel({
  view: viewParam,
  body,
  title,
  testId = 'movement',
  compact = false,
  cohorts = false,
}: {
  /** The split shown, in the URL (the page declares it, so its name is the page's). */
  view: PanelParam<MovementView>;
  /** Fields beside the filter: `brand_id`, `shop`, or a slot's own categories and brands. */
  body?: Params;
  /** The card's title (default "What moved it"); null for none (a slot inside the page's own card). */
  title?: ReactNode;
  testId?: string;
  /**
   * One of several bridges side by side (Brand Comparison's slots): the chart, the SKUs of the clicked
   * term and the share line only; the switch is the page's (MovementViewSwitch). Its value axis starts
   * at zero, so the slots' bars compare by height.
   */
  compact?: boolean;
  /** Also show the launch cohorts (the engine reads them only when asked). */
  cohorts?: boolean;
}) {
  const { t } = useTranslation();
  const [view] = usePanelParam(viewParam);
  const request = useMemo(() => (cohorts ? { ...body, cohorts: true } : body), [body, cohorts]);
  const q = useAnalysisQuery(MOVEMENT_ENDPOINTS.movement, request);
  const data = q.data;
  const [chosen, setChosen] = useState<MovementTerm | null>(null);
  const terms = termsOf(view);
  const selected = data ? (chosen && terms.includes(chosen) ? chosen : largestTerm(data.total, view)) : null;
  const onEvents = useMemo(
    () => ({
      click: (p: { data?: { step?: Step['key'] } }) => {
        const step = p.data?.step;
        if (step && step !== 'base' && step !== 'current') setChosen(step);
      },
    }),
    [],
  );
  return (
    <div data-testid={`${testId}-panel`}>
      <PanelCard
        {...panelState(q)}
        title={title === undefined ? t('analysis.movement.title') : title}
        subject={t('analysis.movement.subject')}
        definitions={movementDefinitions(view, data?.share != null)}
        extra={
          compact ? undefined : (
            <Flex gap={8} align="center" wrap>
              <MovementViewSwitch param={viewParam} testId={`${testId}-view`} />
              <DownloadButton
                endpoint={MOVEMENT_ENDPOINTS.movementDownload}
                body={request}
                fileName={t('analysis.movement.title')}
                disabled={!data || (data.total.base_sales === 0 && data.total.sales === 0)}
              />
            </Flex>
          )
        }
        empty={data !== undefined && data.total.base_sales === 0 && data.total.sales === 0}
        minHeight={compact ? 240 : 320}
      >
        {data && selected && (
          <div data-testid={testId}>
            <MovementBridge data={data} view={view} onEvents={onEvents} compact={compact} />
            {data.cohorts && !compact && <LaunchCohorts cohorts={data.cohorts} testId={`${testId}-cohorts`} />}
            {compact ? (
              <TermSkus data={data} term={selected} testId={`${testId}-skus`} compact />
            ) : (
              <Row gutter={[24, 16]} style={{ marginTop: 8 }}>
                <Col xs={24} xxl={14}>
                  <TermSkus data={data} term={selected} testId={`${testId}-skus`} />
                </Col>
                <Col xs={24} xxl={10}>
                  <MovedCategories data={data} term={selected} testId={`${testId}-categories`} />
                </Col>
              </Row>
            )}
            {data.share && <ShareSplit share={data.share} testId={`${testId}-share`} compact={compact} />}
          </div>
        )}
      </PanelCard>
    </div>
  );
}

/** The waterfall and the periods it compares. */
function MovementBridge({
  data,
  view,
  onEvents,
  compact,
}: {
  data: MovementAnswer;
  view: MovementView;
  onEvents: Record<string, ChartEventHandler>;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const option = useMemo(() => {
    const names = {
      base: t('analysis.movement.bar.base'),
      current: t('analysis.movement.bar.current'),
      volume: t('analysis.movement.term.volume'),
      price: t('analysis.movement.term.price'),
      mix: t('analysis.movement.term.mix'),
      residual: t('analysis.movement.term.residual'),
      launches: t('analysis.movement.term.launches'),
      continuing: t('analysis.movement.term.continuing'),
      discontinued: t('analysis.movement.term.discontinued'),
    };
    return waterfallOption({ steps: bridgeSteps(data.total, view), names, fmt, fromZero: compact });
  }, [data.total, view, fmt, t, compact]);
  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={compact ? { display: 'none' } : undefined}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('analysis.movement.periods', {
            start: fmt.period(data.range.start),
            end: fmt.period(data.range.end),
            baseStart: fmt.period(data.base.start),
            baseEnd: fmt.period(data.base.end),
          })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('analysis.movement.hint')}
        </Typography.Text>
      </Flex>
      <EChart option={option} height={compact ? 240 : 300} onEvents={onEvents} />
    </>
  );
}

/** The SKUs with the largest part in a term, each opening Product Analysis with the page's filter. */
function TermSkus({
  data,
  term,
  testId,
  compact = false,
}: {
  data: MovementAnswer;
  term: MovementTerm;
  testId: string;
  /** Rank, name and the term only, five a page. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const local = useLocalName();
  const { filter } = useAnalysisFilter();
  const termName = t(`analysis.movement.term.${term}`);
  const lifecycle = (LIFECYCLE_TERMS as readonly string[]).includes(term);
  const value = (r: MovementSku) => (lifecycle ? r.change : r[term as 'volume' | 'price' | 'mix' | 'residual']);
  const nameWidth = compact ? COMPACT_NAME_WIDTH : NAME_WIDTH;
  const all: TableColumnsType<MovementSku> = [
    {
      key: 'rank',
      title: t('analysis.col.rank'),
      width: 56,
      align: 'center',
      fixed: 'left',
      render: (_, __, i) => i + 1,
    },
    {
      key: 'name',
      title: t('analysis.col.product'),
      width: nameWidth,
      fixed: 'left',
      // The shop and platform under the title: one title is often sold by several shops.
      render: (_, r) => (
        <Flex vertical>
          <Link
            to={`/analysis${encodeFilter(filter, new URLSearchParams({ sp: String(r.sku_id) }))}`}
            title={t('analysis.movement.open')}
            data-testid={`${testId}-link`}
          >
            <DisplayText text={local(r.name, r.name_en)} budget={columnBudget(nameWidth)} />
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-seller`}>
            {/* The shop is cut to leave room for its platform, which always shows. */}
            <DisplayText text={local(r.shop.name, r.shop.name_en)} budget={columnBudget(nameWidth, PLATFORM_PX)} />{' '}
            {t('analysis.movement.onPlatform', { platform: local(r.platform.name, r.platform.name_en) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'term',
      title: termName,
      ...numericColumn,
      fixed: 'left',
      render: (_, r) => <Signed value={value(r)} />,
    },
    {
      key: 'kind',
      title: t('analysis.movement.col.kind'),
      render: (_, r) => <Tag style={{ marginInlineEnd: 0 }}>{t(`analysis.movement.term.${r.lifecycle}`)}</Tag>,
    },
    ...(lifecycle
      ? []
      : [
          {
            key: 'change',
            title: t('analysis.movement.col.change'),
            ...numericColumn,
            render: (_: unknown, r: MovementSku) => <Signed value={r.change} />,
          },
        ]),
    {
      key: 'base',
      title: t('analysis.movement.col.baseSales'),
      ...numericColumn,
      render: (_, r) => fmt.money(r.base_sales),
    },
    { key: 'sales', title: t('analysis.col.sales'), ...numericColumn, render: (_, r) => fmt.money(r.sales) },
  ];
  const columns = compact ? all.filter((c) => c.key === 'rank' || c.key === 'name' || c.key === 'term') : all;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong data-testid={`${testId}-title`}>
        {t('analysis.movement.skus', { term: termName })}
      </Typography.Text>
      <PagedTable<MovementSku>
        rowKey={(r) => String(r.sku_id)}
        columns={columns}
        rows={data.top[term]}
        emptyText={t('analysis.movement.noSkus')}
        testId={testId}
        pageSize={compact ? 5 : 10}
      />
    </Flex>
  );
}

/** The categories with the largest change, with the chosen term's part. */
function MovedCategories({ data, term, testId }: { data: MovementAnswer; term: MovementTerm; testId: string }) {
  const { t } = useTranslation();
  const local = useLocalName();
  type Row = MovementAnswer['categories'][number];
  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('analysis.col.category'),
      width: CATEGORY_WIDTH,
      fixed: 'left',
      render: (_, r) => <DisplayText text={local(r.name, r.name_en)} budget={columnBudget(CATEGORY_WIDTH)} />,
    },
    {
      key: 'change',
      title: t('analysis.movement.col.change'),
      ...numericColumn,
      fixed: 'left',
      render: (_, r) => <Signed value={r.change} />,
    },
    {
      key: 'term',
      title: t(`analysis.movement.term.${term}`),
      ...numericColumn,
      render: (_, r) => <Signed value={r[term]} />,
    },
  ];
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('analysis.movement.categories')}</Typography.Text>
      <PagedTable<Row> rowKey={(r) => String(r.category_id)} columns={columns} rows={data.categories} testId={testId} />
    </Flex>
  );
}

/** Signed money in the growth colours. */
function Signed({ value }: { value: number }) {
  const fmt = useFormatters();
  const color = value > 0 ? UP_COLOR : value < 0 ? DOWN_COLOR : undefined;
  return <span style={{ color, whiteSpace: 'nowrap' }}>{value > 0 ? `+${fmt.money(value)}` : fmt.money(value)}</span>;
}

/** The brand's or shop's share change, by category and by platform. */
function ShareSplit({
  share,
  testId,
  compact,
}: {
  share: NonNullable<MovementAnswer['share']>;
  testId: string;
  /** The share before → now only. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const local = useLocalName();
  const table = (rows: ShareContribution[], nameTitle: string, id: string) => {
    const columns: TableColumnsType<ShareContribution> = [
      {
        key: 'name',
        title: nameTitle,
        width: CATEGORY_WIDTH,
        fixed: 'left',
        render: (_, r) => <DisplayText text={local(r.name, r.name_en)} budget={columnBudget(CATEGORY_WIDTH)} />,
      },
      {
        key: 'contribution',
        title: t('analysis.movement.col.contribution'),
        ...numericColumn,
        fixed: 'left',
        render: (_, r) => <ShareChange value={r.contribution} />,
      },
      {
        key: 'within',
        title: t('analysis.movement.col.within'),
        ...numericColumn,
        render: (_, r) => <ShareChange value={r.within} />,
      },
      {
        key: 'weight',
        title: t('analysis.movement.col.weight'),
        ...numericColumn,
        render: (_, r) => <ShareChange value={r.weight} />,
      },
    ];
    return <PagedTable<ShareContribution> rowKey="key" columns={columns} rows={rows} testId={id} />;
  };
  return (
    <Flex vertical gap={8} style={{ marginTop: 16 }} data-testid={testId}>
      <Typography.Text strong data-testid={`${testId}-title`}>
        {t('analysis.movement.share.title', {
          name: local(share.focus.name, share.focus.name_en),
          base: fmt.shareRatio(share.base_share),
          current: fmt.shareRatio(share.share),
          change: pointsText(t, share.change),
        })}
      </Typography.Text>
      {!compact && (
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={12}>
            <Typography.Text type="secondary">{t('analysis.movement.share.byCategory')}</Typography.Text>
            {table(share.by_category, t('analysis.col.category'), `${testId}-category`)}
          </Col>
          <Col xs={24} xl={12}>
            <Typography.Text type="secondary">{t('analysis.movement.share.byPlatform')}</Typography.Text>
            {table(share.by_platform, t('analysis.col.platform'), `${testId}-platform`)}
          </Col>
        </Row>
      )}
    </Flex>
  );
}
