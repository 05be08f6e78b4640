import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';

/** The price band [min, max] as typed; either end may stay empty (docs/product.md §5 range checks). */
export function PriceSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('analysis.filter.price')} {...itemStatus(errorOf('price'))}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          inputMode="decimal"
          aria-label={t('analysis.filter.priceMin')}
          placeholder={t('analysis.filter.priceMin')}
          value={draft.bands[0]}
          onChange={(e) => update({ bands: [e.target.value, draft.bands[1]] })}
          data-testid="filter-price-min"
        />
        <Input
          inputMode="decimal"
          aria-label={t('analysis.filter.priceMax')}
          placeholder={t('analysis.filter.priceMax')}
          value={draft.bands[1]}
          onChange={(e) => update({ bands: [draft.bands[0], e.target.value] })}
          data-testid="filter-price-max"
        />
      </Space.Compact>
    </Form.Item>
  );
}
