import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type NamedItem, useBrandSearch } from '../../reference.js';
import { SearchSelect } from '../SearchSelect.js';
import type { FilterSectionProps } from '../types.js';

/** Brands searched on the server (GET /brands by name prefix); chosen brands keep their names across searches. */
export function BrandsSection({ draft, update }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (
    <Form.Item label={t('analysis.filter.brands')}>
      <SearchSelect<number, NamedItem>
        useSearch={useBrandSearch}
        toOption={(b) => ({ value: b.id, label: en ? b.name_en : b.name })}
        value={draft.brands}
        onChange={(brands) => update({ brands })}
        label={t('analysis.filter.brands')}
        placeholder={t('analysis.filter.brandsPlaceholder')}
        testId="filter-brands"
      />
    </Form.Item>
  );
}
