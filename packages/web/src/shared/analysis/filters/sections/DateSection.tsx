import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../../ui/LazyRangePicker.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';
import { usePeriodPicker } from '../usePeriodPicker.js';

/** The period range (months or weeks), within the dataset's range; empty = the default range. */
export function DateSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  const p = usePeriodPicker();
  return (
    <Form.Item label={t('analysis.filter.date')} {...itemStatus(errorOf('date'))}>
      <LazyRangePicker
        picker={p.picker}
        format={p.format}
        allowClear={false}
        aria-label={t('analysis.filter.date')}
        style={{ width: '100%' }}
        value={p.toDayjs(draft.date ?? p.defaultDate)}
        disabledDate={p.disabledDate}
        onChange={(v) => update({ date: p.pickPair(v) })}
        data-testid="filter-date"
      />
    </Form.Item>
  );
}
