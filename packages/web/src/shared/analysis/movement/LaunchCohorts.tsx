import type { MovementCohorts } from '@marketlens/shared/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { colorAt } from '../chartOptions.js';
import { useFormatters } from '../useFormatters.js';

/**
 * The launch cohorts of "What moved it" (docs/metrics.md "Launch cohorts"): the share of current
 * sales from SKUs first sold in the last year of the range, and current sales by the year each SKU
 * was first sold, as one bar split by year with its legend — a compact block under the bridge
 * (Category Insight, Brand Detail), no chart library.
 */
export function LaunchCohorts({ cohorts, testId }: { cohorts: MovementCohorts; testId: string }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const years = cohorts.by_year.filter((y) => y.sales !== 0);
  // The first year also holds anything first sold before the dataset's range.
  const yearName = (year: number) =>
    cohorts.by_year[0]?.year === year ? t('analysis.movement.cohorts.firstYear', { year }) : String(year);
  return (
    <Flex vertical gap={6} style={{ marginTop: 8 }} data-testid={testId}>
      <Flex gap={8} wrap align="baseline">
        <Typography.Text strong>{t('analysis.movement.cohorts.title')}</Typography.Text>
        <Typography.Text data-testid={`${testId}-recent`}>
          {t('analysis.movement.cohorts.recent', {
            since: fmt.period(cohorts.recent_since),
            sales: fmt.money(cohorts.recent_sales),
            share: fmt.shareRatio(cohorts.recent_share),
          })}
        </Typography.Text>
      </Flex>
      {years.length > 0 && (
        <>
          <div
            role="img"
            aria-label={t('analysis.movement.cohorts.byYear')}
            style={{ display: 'flex', height: 10, borderRadius: 5, overflow: 'hidden', background: '#f0f0f0' }}
          >
            {years.map((y, i) => (
              <div
                key={y.year}
                title={`${yearName(y.year)}: ${fmt.shareRatio(y.share)}`}
                style={{ width: `${Math.max(0, (y.share ?? 0) * 100)}%`, background: colorAt(i) }}
              />
            ))}
          </div>
          <Flex gap={12} wrap data-testid={`${testId}-years`}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('analysis.movement.cohorts.byYear')}
            </Typography.Text>
            {years.map((y, i) => (
              <Typography.Text
                key={y.year}
                style={{ fontSize: 12, whiteSpace: 'nowrap' }}
                data-testid={`${testId}-year`}
              >
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-block',
                    width: 8,
                    height: 8,
                    borderRadius: 2,
                    marginInlineEnd: 4,
                    background: colorAt(i),
                  }}
                />
                {`${yearName(y.year)} ${fmt.shareRatio(y.share)}`}
              </Typography.Text>
            ))}
          </Flex>
        </>
      )}
    </Flex>
  );
}
