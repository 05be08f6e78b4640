import { Flex, Form, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyRangePicker } from '../../../ui/LazyRangePicker.js';
import type { Selector } from '../../filter.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';
import { usePeriodPicker } from '../usePeriodPicker.js';

/** The comparison: mom | yoy | custom with its own benchmark range. */
export function CompareSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  const p = usePeriodPicker();
  return (
    <Form.Item label={t('analysis.filter.compare')} {...itemStatus(errorOf('dateBefore'))}>
      <Flex gap={8} wrap>
        <Segmented<Selector>
          value={draft.selector}
          onChange={(selector) => update({ selector, ...(selector === 'custom' ? {} : { dateBefore: null }) })}
          options={(['mom', 'yoy', 'custom'] as const).map((s) => ({ value: s, label: t(`analysis.filter.${s}`) }))}
        />
        {draft.selector === 'custom' && (
          <LazyRangePicker
            picker={p.picker}
            format={p.format}
            style={{ flex: 1, minWidth: 220 }}
            aria-label={t('analysis.filter.benchmark')}
            value={p.toDayjs(draft.dateBefore)}
            disabledDate={p.disabledDate}
            onChange={(v) => update({ dateBefore: p.pickPair(v) })}
            data-testid="filter-benchmark"
          />
        )}
      </Flex>
    </Form.Item>
  );
}
