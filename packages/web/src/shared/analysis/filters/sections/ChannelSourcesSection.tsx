import { CHANNEL_SOURCES } from '@marketlens/shared';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelSource } from '../../filter.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';

/**
 * The channel sources among the chosen shops (docs/product.md §9: supermarket, global, others), sent as
 * `channel_sources`. docs/product.md §5: "Channel source requires a shop selection first": the choice is closed
 * until a shop is chosen (the shop section clears it with the last shop), and a source left without
 * a shop is refused with the message of docs/product.md §5.
 */
export function ChannelSourcesSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t } = useTranslation();
  const noShop = draft.shops.length === 0;
  return (
    <Form.Item label={t('analysis.filter.channelSources')} {...itemStatus(errorOf('channelSources'))}>
      <Select<ChannelSource[]>
        mode="multiple"
        allowClear
        disabled={noShop}
        aria-label={t('analysis.filter.channelSources')}
        options={CHANNEL_SOURCES.map((s) => ({ value: s, label: t(`analysis.filter.source.${s}`) }))}
        value={draft.channelSources}
        placeholder={
          noShop ? t('analysis.filter.channelSourcesNeedShop') : t('analysis.filter.channelSourcesPlaceholder')
        }
        onChange={(value) => update({ channelSources: value })}
        style={{ width: '100%' }}
        data-testid="filter-channel-sources"
      />
    </Form.Item>
  );
}
