import { MAX_ATTRIBUTE_VALUES } from '@marketlens/shared';
import { Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterAttributes } from '../../reference.js';
import { checkFilter } from '../../validate.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';
import { CustomAttributeFilters } from './CustomAttributeFilters.js';

/**
 * The project's attributes (GET /attributes), each a multiple choice of its values, then the user's
 * custom attributes (CustomAttributeFilters); an 11th value is refused.
 */
export function AttributesSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const attributes = useFilterAttributes();
  const [error, setError] = useState<string | undefined>();
  return (
    <Form.Item label={t('analysis.filter.attributes')} {...itemStatus(error ?? errorOf('attributes'))}>
      <Flex vertical gap={6}>
        {(attributes.data ?? []).map((a) => (
          <Select<string[]>
            key={a.name}
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            maxTagCount="responsive"
            prefix={<Typography.Text type="secondary">{en ? a.title_en : a.title}</Typography.Text>}
            aria-label={en ? a.title_en : a.title}
            placeholder={t('analysis.filter.attributeValues', { max: MAX_ATTRIBUTE_VALUES })}
            value={draft.attributes[a.name] ?? []}
            options={a.filter_values.map((v) => ({ value: v.value, label: en ? v.value_en : v.value }))}
            onChange={(values) => {
              const tooMany = checkFilter({ ...draft, attributes: { [a.name]: values } }).attributes;
              if (tooMany) {
                // docs/product.md §5: the 11th value is refused with the message; the 10 chosen stay.
                setError(t(tooMany.key, tooMany.params));
                return;
              }
              setError(undefined);
              const next = { ...draft.attributes, [a.name]: values };
              if (values.length === 0) delete next[a.name];
              update({ attributes: next });
            }}
            style={{ width: '100%' }}
            data-testid={`filter-attribute-${a.name}`}
          />
        ))}
        <CustomAttributeFilters draft={draft} update={update} onError={setError} />
      </Flex>
    </Form.Item>
  );
}
