import type { DefinitionRef } from '@marketlens/shared';
import { Card, Col, type ColProps, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type FlagList, FlagMark } from './FlagMark.js';
import { AnswerWarnings, PanelCard, PanelInfoButton, panelState } from './PanelCard.js';
import type { AnalysisQueryResult } from './useAnalysisQuery.js';

/** One comparison under a headline figure: its label and a value (a Growth, a ShareChange …). */
export interface FigureComparison {
  label: string;
  value: ReactNode;
  /** The marks of the value's growth (FlagMark.tsx `growthFlags`), shown beside it. */
  flags?: FlagList;
}

/** One headline figure (sales, share, rank …) with its comparisons and a footnote underneath. */
export function FigureCard({
  label,
  value,
  comparisons,
  footnote,
  definitions,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  comparisons: readonly FigureComparison[];
  footnote?: ReactNode;
  /** The definitions of the figure and its comparisons, in the card's "how is this computed" popover. */
  definitions?: readonly DefinitionRef[];
  testId: string;
}) {
  return (
    <Card size="small" variant="borderless" style={{ height: '100%' }} styles={{ body: { padding: '16px 20px' } }}>
      <Flex vertical gap={6}>
        <Flex align="center" gap={2} style={{ marginBlock: -4 }}>
          <Typography.Text type="secondary">{label}</Typography.Text>
          <PanelInfoButton definitions={definitions} />
        </Flex>
        <Typography.Text strong style={{ fontSize: 28, lineHeight: '36px', whiteSpace: 'nowrap' }} data-testid={testId}>
          {value}
        </Typography.Text>
        {/* Comparisons that wrap (a growth and its mark take room) stay close to each other. */}
        <Flex gap="2px 16px" wrap style={{ minHeight: 22 }}>
          {comparisons.map((c) => (
            <Flex key={c.label} gap={6} align="baseline">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.label}
              </Typography.Text>
              {c.value}
              <FlagMark flags={c.flags} testId={`${testId}-flag`} />
            </Flex>
          ))}
        </Flex>
        {footnote && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {footnote}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** One figure of a row of headline cards. */
export interface FigureSpec {
  key: string;
  label: ReactNode;
  value: ReactNode;
  comparisons: readonly FigureComparison[];
  footnote?: ReactNode;
  definitions?: readonly DefinitionRef[];
  testId: string;
}

/**
 * The definitions of a card by its key, where the page gives none: a card's key names its figure
 * (sales, count, avg …), and its comparisons are the filter's growth or the share change.
 */
const DEFINITIONS_BY_KEY: Readonly<Record<string, readonly DefinitionRef[]>> = {
  sales: ['sales', 'growth'],
  count: ['count', 'growth'],
  avg: ['avg_price', 'growth'],
  'avg-price': ['avg_price', 'growth'],
  share: ['share', 'share_change'],
  rank: ['sales', 'share'],
  contribution: ['contribution'],
  penetration: ['penetration'],
};

/**
 * A row of headline figures from one query: the panel states (skeleton, failed + Retry) until there
 * is an answer, then the answer's warnings, an optional notice and the cards (dimmed while a new
 * answer loads).
 */
export function FigureCards<T>({
  query,
  subject,
  figures,
  notice,
  col,
  testId,
  warningTestId,
}: {
  query: AnalysisQueryResult<T>;
  /** What failed to load, for the error message. */
  subject: string;
  figures(data: T): FigureSpec[];
  notice?: (data: T) => ReactNode;
  /** The responsive width of each card. */
  col: ColProps;
  testId: string;
  /** Prefix of the warnings' test ids ('<prefix>-warning-<key>'). */
  warningTestId: string;
}) {
  const d = query.data;
  if (d === undefined || (query.error && !query.isFetching)) {
    // The frame carries the loading, error + retry states until there is an answer.
    return (
      <PanelCard {...panelState(query)} subject={subject} minHeight={132}>
        {d !== undefined ? null : query.isFetching || !query.ready ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      </PanelCard>
    );
  }
  return (
    <Flex vertical gap={12}>
      <AnswerWarnings warnings={query.warningDetails} testIdPrefix={warningTestId} keepNoData />
      {notice?.(d)}
      <Row
        gutter={[16, 16]}
        data-testid={testId}
        aria-busy={query.isFetching}
        style={{ opacity: query.isFetching ? 0.55 : 1, transition: 'opacity 120ms' }}
      >
        {figures(d).map(({ key, ...figure }) => (
          <Col key={key} {...col}>
            <FigureCard {...figure} definitions={figure.definitions ?? DEFINITIONS_BY_KEY[key]} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
