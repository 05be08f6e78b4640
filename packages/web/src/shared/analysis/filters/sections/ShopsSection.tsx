import { SHOP_SELECTION_SEPARATOR } from '@marketlens/shared';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ShopOption, usePlatformChannels, useShopSearch } from '../../reference.js';
import { SearchSelect } from '../SearchSelect.js';
import type { FilterSectionProps } from '../types.js';

/**
 * Shops searched on the server by name in either language within the grant (GET /shops), listed by
 * platform and chosen as docs/product.md §4 'platform,shop_id' (the server constrains both the platform and
 * the shop). Clearing the last shop clears the channel sources (docs/product.md §5: they need a shop).
 */
export function ShopsSection({ draft, update }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const platforms = usePlatformChannels();
  const platformName = (value: string) => {
    const id = Number(value.split(SHOP_SELECTION_SEPARATOR)[0]);
    const p = platforms.data?.find((x) => x.platform_id === id);
    return p ? (en ? p.platform_en || p.platform : p.platform) : String(id);
  };
  return (
    <Form.Item label={t('analysis.filter.shops')}>
      <SearchSelect<string, ShopOption>
        useSearch={useShopSearch}
        toOption={(s) => ({ value: s.value, label: (en ? s.name_en : s.name) || s.name })}
        groupOf={platformName}
        fallbackLabel={(value) => `${platformName(value)} #${value.split(SHOP_SELECTION_SEPARATOR)[1]}`}
        value={draft.shops}
        onChange={(shops) => update({ shops, ...(shops.length === 0 ? { channelSources: [] } : {}) })}
        label={t('analysis.filter.shops')}
        placeholder={t('analysis.filter.shopsPlaceholder')}
        testId="filter-shops"
      />
    </Form.Item>
  );
}
