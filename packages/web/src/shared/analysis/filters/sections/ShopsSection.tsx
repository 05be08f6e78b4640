import { CHANNEL_SOURCES } from '@marketlens/shared';
import { Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelSource } from '../../filter.js';
import { type ShopOption, useShopSearch } from '../../reference.js';
import { itemStatus } from '../itemStatus.js';
import { SearchSelect } from '../SearchSelect.js';
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
  const noShop = draft.shops.length === 0;
  return (
    <Form.Item label={t('analysis.filter.shops')} {...itemStatus(errorOf('channelSources'))}>
      <Flex vertical gap={6}>
        <SearchSelect<string, ShopOption>
          useSearch={useShopSearch}
          toOption={(s) => ({ value: s.value, label: (en ? s.name_en : s.name) || s.name })}
          value={draft.shops}
          onChange={(shops) => update({ shops, ...(shops.length === 0 ? { channelSources: [] } : {}) })}
          placeholder={t('analysis.filter.shopsPlaceholder')}
          testId="filter-shops"
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
