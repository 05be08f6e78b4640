import { Cascader, Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformChannels } from '../../reference.js';
import type { FilterSectionProps } from '../types.js';

/** Platforms and their channels (GET /platforms/channels): 'platform_id' or 'platform_id,shop_type'. */
export function ChannelsSection({ draft, update }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const channels = usePlatformChannels();
  const options = useMemo(
    () =>
      (channels.data ?? []).map((p) => ({
        value: String(p.platform_id),
        label: en ? p.platform_en : p.platform,
        children: p.channels.map((c) => ({
          value: c.code,
          label: `${en ? c.shop_type_en : c.shop_type}${c.is_active ? '' : t('analysis.filter.inactive')}`,
        })),
      })),
    [channels.data, en, t],
  );
  return (
    <Form.Item label={t('analysis.filter.channels')}>
      <Cascader
        multiple
        allowClear
        showCheckedStrategy={Cascader.SHOW_PARENT}
        maxTagCount="responsive"
        options={options}
        value={draft.channels.map((c) => c.split(','))}
        aria-label={t('analysis.filter.channels')}
        placeholder={t('analysis.filter.channelsPlaceholder')}
        onChange={(paths) => update({ channels: (paths as string[][]).map((p) => p.join(',')) })}
        style={{ width: '100%' }}
        data-testid="filter-channels"
      />
    </Form.Item>
  );
}
