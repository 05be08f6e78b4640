import { isEventRefusal } from '@marketlens/shared';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../../ui/LazyRangePicker.js';
import type { DatePair } from '../../filter.js';
import { useAnalysisFilter } from '../../useAnalysisFilter.js';
import { eventComparisonOf, useEventEditions } from '../../useEventEditions.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';
import { usePeriodPicker } from '../usePeriodPicker.js';

/**
 * The period range (months or weeks), within the dataset's range; empty = the default range. With
 * the "same event" comparison the range is the chosen edition's periods: shown, not chosen.
 */
export function DateSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  const p = usePeriodPicker();
  const { granularity, bounds } = useAnalysisFilter();
  const eventMode = draft.selector === 'event';
  const editions = useEventEditions(eventMode);
  const c = eventMode ? eventComparisonOf(editions.data, draft.event, granularity, bounds) : undefined;
  const derived: DatePair | undefined = c && !isEventRefusal(c) ? [c.range.start, c.range.end] : undefined;
  return (
    <Form.Item
      label={t('analysis.filter.date')}
      {...itemStatus(errorOf('date'))}
      {...(eventMode ? { tooltip: t('analysis.filter.eventRange') } : {})}
    >
      <LazyRangePicker
        picker={p.picker}
        format={p.format}
        allowClear={false}
        aria-label={t('analysis.filter.date')}
        style={{ width: '100%' }}
        value={p.toDayjs(derived ?? draft.date ?? p.defaultDate)}
        disabled={eventMode}
        disabledDate={p.disabledDate}
        onChange={(v) => update({ date: p.pickPair(v) })}
        data-testid="filter-date"
      />
    </Form.Item>
  );
}
