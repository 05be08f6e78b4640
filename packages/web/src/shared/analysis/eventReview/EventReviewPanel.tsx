import type { EventReviewAnswer, ReviewedEdition, ReviewMover } from '@marketlens/shared/contracts';
import { EVENT_REVIEW_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Col, Flex, Row, Select, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerArea } from '../../i18n/index.js';
import { DisplayText } from '../../ui/DisplayText.js';
import { columnBudget } from '../../ui/displayText.js';
import { ScrollTable } from '../../ui/ScrollTable.js';
import { FigureCard } from '../FigureCards.js';
import { Growth, numericColumn, ShareChange } from '../figures.js';
import { encodeFilter } from '../filter.js';
import { PanelCard, panelState } from '../PanelCard.js';
import { type PanelParam, usePanelParam } from '../panelParams.js';
import { useAnalysisFilter } from '../useAnalysisFilter.js';
import { useAnalysisQuery } from '../useAnalysisQuery.js';
import { useFormatters } from '../useFormatters.js';
import { useLocalName } from '../useLocalName.js';
import { editionKey, parseEdition } from './edition.js';
import { eventReviewMessages } from './messages.js';

registerArea(eventReviewMessages);

const NAME_WIDTH = 260;

/**
 * The event review (POST /event-review, docs/metrics.md "Event review"): the latest edition of a
 * calendar event (or the one picked, in the URL) against the same event's previous edition, for the
 * page's selection — sales, units, average price and share over the periods each edition covers,
 * and the brands (Category Insight) or the brand's SKUs (Brand Detail) that gained and lost most.
 * One component for both pages: the page gives the picker's param and, on Brand Detail, the brand.
 */
export function EventReviewPanel({
  edition: editionParam,
  brandId,
  testId = 'event-review',
}: {
  /** The reviewed edition 'code:year' in the URL (the page declares it); null: the latest. */
  edition: PanelParam<string | null>;
  brandId?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const local = useLocalName();
  const [raw, setRaw] = usePanelParam(editionParam);
  const picked = parseEdition(raw);
  const q = useAnalysisQuery(EVENT_REVIEW_ENDPOINTS.review, {
    ...(brandId !== undefined ? { brand_id: brandId } : {}),
    ...(picked ? { event_code: picked.code, event_year: picked.year } : {}),
  });
  const data = q.data;
  const options = useMemo(
    () =>
      (data?.choices ?? []).map((c) => ({
        value: editionKey(c),
        label: `${local(c.name, c.name_en)} ${c.year}`,
      })),
    [data?.choices, local],
  );
  const picker = options.length > 0 && (
    <Select
      size="small"
      value={data?.event ? editionKey(data.event) : undefined}
      options={options}
      onChange={(v: string) => setRaw(v)}
      style={{ width: 240 }}
      popupMatchSelectWidth={false}
      aria-label={t('analysis.eventReview.pick')}
      data-testid={`${testId}-pick`}
    />
  );
  return (
    <div data-testid={`${testId}-panel`}>
      <PanelCard
        {...panelState(q)}
        title={t('analysis.eventReview.title')}
        subject={t('analysis.eventReview.subject')}
        definitions={['event_review', 'sales', 'count', 'avg_price', 'share']}
        extra={picker}
        empty={data !== undefined && data.event === null}
        minHeight={260}
      >
        {data?.event && data.predecessor && <Review data={data} testId={testId} brandId={brandId} />}
      </PanelCard>
    </div>
  );
}

/** 'Double 11 2025: 2025-10-20 … 2025-11-15 (months 2025-10 … 2025-11)'. */
function useEditionText() {
  const { t } = useTranslation();
  const local = useLocalName();
  const fmt = useFormatters();
  return (e: ReviewedEdition) =>
    t('analysis.eventReview.edition', {
      name: local(e.name, e.name_en),
      year: e.year,
      start: e.start,
      end: e.end,
      from: fmt.period(e.periods.start),
      to: fmt.period(e.periods.end),
    });
}

function Review({ data, testId, brandId }: { data: EventReviewAnswer; testId: string; brandId?: number }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const editionText = useEditionText();
  const event = data.event!;
  const predecessor = data.predecessor!;
  const vs = t('analysis.eventReview.vsPrevious', { year: predecessor.year });
  const cards = [
    { key: 'sales', label: t('analysis.metric.sales'), value: fmt.money(data.current.sales), g: data.growth.sales },
    { key: 'count', label: t('analysis.metric.count'), value: fmt.count(data.current.count), g: data.growth.count },
    {
      key: 'avg_price',
      label: t('analysis.metric.avg_price'),
      value: fmt.money(data.current.avg_price, 2),
      g: data.growth.avg_price,
    },
  ];
  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Flex vertical gap={2}>
        <Typography.Text data-testid={`${testId}-event`}>{editionText(event)}</Typography.Text>
        <Typography.Text type="secondary">
          {t('analysis.eventReview.against')} {editionText(predecessor)}
        </Typography.Text>
        {data.approximate && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('analysis.eventReview.approximate')}
          </Typography.Text>
        )}
      </Flex>
      <Row gutter={[12, 12]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} xl={6}>
            <FigureCard
              label={c.label}
              value={c.value}
              comparisons={[{ label: vs, value: <Growth value={c.g} /> }]}
              testId={`${testId}-${c.key}`}
            />
          </Col>
        ))}
        {data.current.share !== null && (
          <Col xs={12} xl={6}>
            <FigureCard
              label={
                brandId !== undefined ? t('analysis.eventReview.brandShare') : t('analysis.eventReview.categoryShare')
              }
              value={fmt.shareRatio(data.current.share)}
              comparisons={[{ label: vs, value: <ShareChange value={data.share_change} /> }]}
              testId={`${testId}-share`}
            />
          </Col>
        )}
      </Row>
      <Row gutter={[24, 12]}>
        {/* Side by side only where both tables fit whole (at 1280 px they stack). */}
        <Col xs={24} xxl={12}>
          <Movers data={data} rows={data.gainers} direction="gainers" testId={`${testId}-gainers`} />
        </Col>
        <Col xs={24} xxl={12}>
          <Movers data={data} rows={data.losers} direction="losers" testId={`${testId}-losers`} />
        </Col>
      </Row>
    </Flex>
  );
}

/** The brands or SKUs that gained (or lost) most, each opening its page with the page's filter. */
function Movers({
  data,
  rows,
  direction,
  testId,
}: {
  data: EventReviewAnswer;
  rows: readonly ReviewMover[];
  direction: 'gainers' | 'losers';
  testId: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const local = useLocalName();
  const { filter } = useAnalysisFilter();
  const sku = data.movers_kind === 'sku';
  const pathOf = (r: ReviewMover) =>
    sku
      ? `/analysis${encodeFilter(filter, new URLSearchParams({ sp: String(r.id) }))}`
      : `/brand${encodeFilter(filter, new URLSearchParams({ brand: String(r.id) }))}`;
  const columns: TableColumnsType<ReviewMover> = [
    { key: 'rank', title: t('analysis.col.rank'), width: 48, align: 'center', render: (_, __, i) => i + 1 },
    {
      key: 'name',
      title: sku ? t('analysis.col.product') : t('analysis.col.brand'),
      width: NAME_WIDTH,
      render: (_, r) => (
        <Flex vertical>
          <Link to={pathOf(r)} data-testid={`${testId}-link`}>
            <DisplayText text={local(r.name, r.name_en)} budget={columnBudget(NAME_WIDTH)} />
          </Link>
          {r.shop && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <DisplayText
                text={`${local(r.shop.name, r.shop.name_en)} · ${r.platform ? local(r.platform.name, r.platform.name_en) : ''}`}
                budget={columnBudget(NAME_WIDTH)}
                cut="middle"
              />
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'change',
      title: t('analysis.eventReview.col.change'),
      ...numericColumn,
      render: (_, r) => (
        <Typography.Text style={{ whiteSpace: 'nowrap' }}>
          {r.change > 0 ? '+' : ''}
          {fmt.money(r.change)}
        </Typography.Text>
      ),
    },
    {
      key: 'sales',
      title: t('analysis.eventReview.col.sales', { year: data.event!.year }),
      ...numericColumn,
      render: (_, r) => fmt.money(r.sales),
    },
    {
      key: 'share',
      title: t('analysis.col.shareChange'),
      ...numericColumn,
      render: (_, r) => <ShareChange value={r.share_change} />,
    },
  ];
  return (
    <Flex vertical gap={6} data-testid={testId}>
      <Typography.Text strong>{t(`analysis.eventReview.${direction}.${data.movers_kind}`)}</Typography.Text>
      <ScrollTable<ReviewMover>
        rowKey="id"
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        locale={{ emptyText: t('analysis.eventReview.none') }}
      />
    </Flex>
  );
}
