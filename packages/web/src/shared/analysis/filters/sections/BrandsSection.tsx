import { Form, Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NamedItem, useBrandSearch } from '../../reference.js';
import type { FilterSectionProps } from '../types.js';

/** Brands searched on the server (GET /brands by name prefix); chosen brands keep their names across searches. */
export function BrandsSection({ draft, update }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [search, setSearch] = useState('');
  const [prefix, setPrefix] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setPrefix(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const brands = useBrandSearch(prefix);
  const labels = useRef(new Map<number, NamedItem>());
  for (const b of brands.data ?? []) labels.current.set(b.id, b);
  const options = useMemo(() => {
    const seen = new Map<number, NamedItem>();
    for (const id of draft.brands) {
      const b = labels.current.get(id);
      if (b) seen.set(id, b);
    }
    for (const b of brands.data ?? []) seen.set(b.id, b);
    return [...seen.values()].map((b) => ({ value: b.id, label: en ? b.name_en : b.name }));
  }, [brands.data, draft.brands, en]);
  return (
    <Form.Item label={t('analysis.filter.brands')}>
      <Select<number[]>
        mode="multiple"
        allowClear
        showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
        maxTagCount="responsive"
        loading={brands.isFetching}
        options={options}
        value={draft.brands}
        placeholder={t('analysis.filter.brandsPlaceholder')}
        onChange={(value) => update({ brands: value })}
        style={{ width: '100%' }}
        data-testid="filter-brands"
      />
    </Form.Item>
  );
}
