import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

import { METRICS, type Metric, SORTS, type SortBy } from './metrics.js';

export { DEFAULT_METRIC, METRICS, type Metric, SORTS, type SortBy } from './metrics.js';

interface SwitchProps<T extends string> {
  value: T;
  onChange(value: T): void;
  size?: 'small' | 'middle' | 'large';
  disabled?: boolean;
}

/** Metric type switch: sales | count | average price. */
export function MetricSwitch({
  value,
  onChange,
  size = 'small',
  disabled,
  only,
}: SwitchProps<Metric> & {
  /** A subset of the metrics, when a chart cannot show all three. */
  only?: readonly Metric[];
}) {
  const { t } = useTranslation();
  return (
    <Segmented<Metric>
      size={size}
      disabled={disabled}
      value={value}
      onChange={onChange}
      aria-label={t('analysis.metric.label')}
      options={(only ?? METRICS).map((m) => ({ value: m, label: t(`analysis.metric.${m}`) }))}
    />
  );
}

/** Sort switch of a list: by sales or by count (docs/product.md §4). */
export function SortSwitch({ value, onChange, size = 'small', disabled }: SwitchProps<SortBy>) {
  const { t } = useTranslation();
  return (
    <Segmented<SortBy>
      size={size}
      disabled={disabled}
      value={value}
      onChange={onChange}
      aria-label={t('analysis.sort.label')}
      options={SORTS.map((s) => ({ value: s, label: t(`analysis.sort.${s}`) }))}
    />
  );
}
