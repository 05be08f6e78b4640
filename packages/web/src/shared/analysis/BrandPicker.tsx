import { SearchOutlined } from '@ant-design/icons';
import { Flex, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NamedItem, useBrandSearch } from './reference.js';

/** The typed prefix once the user pauses, so every keystroke does not ask the server. */
function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const id = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(id);
  }, [text, ms]);
  return settled;
}

/**
 * Picks a brand (Brand Detail's subject, a comparison slot, a brand to follow): a server search by name prefix in either language (GET /brands), the
 * name in the page language with the other language beside it.
 */
export function BrandPicker({
  value,
  current,
  onChange,
  size = 'middle',
  width = 300,
  autoFocus,
  placeholder,
  project,
  onClear,
}: {
  value: number | null;
  /** The chosen brand's names, so the box shows its name before any search lists it. */
  current?: NamedItem | undefined;
  onChange(id: number): void;
  size?: 'middle' | 'large';
  width?: number | string;
  autoFocus?: boolean;
  /** What the empty box says (default: search by Chinese or English name). */
  placeholder?: string;
  /** Search another project's brands than the current one (an administration screen). */
  project?: number;
  /** Given: the box can be emptied (an optional brand), and this is called when it is. */
  onClear?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [search, setSearch] = useState('');
  const prefix = useSettled(search);
  const brands = useBrandSearch(prefix, project);
  const options = useMemo(() => {
    const list = [...(brands.data ?? [])];
    if (current && !list.some((b) => b.id === current.id)) list.unshift(current);
    return list.map((b) => {
      const main = en ? b.name_en || b.name : b.name || b.name_en;
      const other = en ? b.name : b.name_en;
      return {
        value: b.id,
        label: main,
        display: (
          <Flex justify="space-between" gap={12}>
            <Typography.Text ellipsis>{main}</Typography.Text>
            {other && other !== main && (
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {other}
              </Typography.Text>
            )}
          </Flex>
        ),
      };
    });
  }, [brands.data, current, en]);

  return (
    <Select<number>
      size={size}
      value={value ?? undefined}
      onChange={(id) => {
        setSearch('');
        if (id === undefined || id === null) onClear?.();
        else onChange(id);
      }}
      allowClear={onClear !== undefined}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      loading={brands.isFetching}
      options={options}
      optionRender={(o) => o.data.display}
      placeholder={placeholder ?? t('analysis.brandPicker.placeholder')}
      notFoundContent={brands.isFetching ? t('common.loading') : t('analysis.brandPicker.none')}
      suffixIcon={<SearchOutlined />}
      aria-label={t('analysis.brandPicker.label')}
      autoFocus={autoFocus}
      style={{ width }}
      data-testid="brand-picker"
    />
  );
}
