import { CHANNEL_SOURCES } from '@marketlens/shared';
import { Flex, Form, Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelSource } from '../../filter.js';
import { useShopSearch } from '../../reference.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';

/**
 * Shops searched on the server (GET /shops by name prefix), chosen as spec §4 'platform,shop_id', and
 * the channel sources among them (spec §9: supermarket, global, others). Spec §5: "Channel source
 * requires a shop selection first": the source choice is closed until a shop is chosen, and clearing
 * the shops clears it.
 */
export function ShopsSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [search, setSearch] = useState('');
  const [prefix, setPrefix] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setPrefix(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);
  const shops = useShopSearch(prefix);
  // Names seen so far: chosen shops keep their names while the list shows another search.
  const names = useRef(new Map<string, string>());
  for (const s of shops.data ?? []) names.current.set(s.value, (en ? s.name_en : s.name) || s.name);
  const options = useMemo(() => {
    const listed = (shops.data ?? []).map((s) => s.value);
    return [...listed, ...draft.shops.filter((v) => !listed.includes(v))].map((v) => ({
      value: v,
      label: names.current.get(v) ?? v,
    }));
  }, [shops.data, draft.shops]);
  const noShop = draft.shops.length === 0;
  return (
    <Form.Item label={t('analysis.filter.shops')} {...itemStatus(errorOf('channelSources'))}>
      <Flex vertical gap={6}>
        <Select<string[]>
          mode="multiple"
          allowClear
          showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
          maxTagCount="responsive"
          loading={shops.isFetching}
          options={options}
          value={draft.shops}
          placeholder={t('analysis.filter.shopsPlaceholder')}
          onChange={(value) => update({ shops: value, ...(value.length === 0 ? { channelSources: [] } : {}) })}
          style={{ width: '100%' }}
          data-testid="filter-shops"
        />
        <Select<ChannelSource[]>
          mode="multiple"
          allowClear
          disabled={noShop}
          aria-label={t('analysis.filter.channelSources')}
          prefix={t('analysis.filter.channelSources')}
          options={CHANNEL_SOURCES.map((s) => ({ value: s, label: t(`analysis.filter.source.${s}`) }))}
          value={draft.channelSources}
          placeholder={
            noShop ? t('analysis.filter.channelSourcesNeedShop') : t('analysis.filter.channelSourcesPlaceholder')
          }
          onChange={(value) => update({ channelSources: value })}
          style={{ width: '100%' }}
          data-testid="filter-channel-sources"
        />
      </Flex>
    </Form.Item>
  );
}
