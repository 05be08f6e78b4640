import { MAX_ATTRIBUTE_VALUES } from '@marketlens/shared';
import { Button, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customAttributeName, useCustomAttributes, wordsOf } from '../../customAttributes.js';
import type { AnalysisFilter } from '../../filter.js';
import { checkFilter } from '../../validate.js';
import { CustomAttributesEditor } from '../CustomAttributesEditor.js';
import type { FilterSectionProps } from '../types.js';

/**
 * The user's custom attributes in the attributes section: each a multiple choice of its words
 * (`newAttributes`, at most 10 values like any attribute), and the editor to add, edit and delete them.
 */
export function CustomAttributeFilters({
  draft,
  update,
  onError,
}: Pick<FilterSectionProps, 'draft' | 'update'> & { onError(message: string | undefined): void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useCustomAttributes();
  const [editing, setEditing] = useState(false);
  const chosen = (id: number) => draft.newAttributes.find((a) => a.id === id)?.values ?? [];
  const withValues = (id: number, values: string[]): AnalysisFilter['newAttributes'] => {
    const rest = draft.newAttributes.filter((a) => a.id !== id);
    return values.length ? [...rest, { id, values }] : rest;
  };
  return (
    <>
      {(list.data ?? []).map((a) => (
        <Select<string[]>
          key={a.id}
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          prefix={<Typography.Text type="secondary">{customAttributeName(a, en)}</Typography.Text>}
          aria-label={customAttributeName(a, en)}
          placeholder={t('analysis.filter.attributeValues', { max: MAX_ATTRIBUTE_VALUES })}
          value={chosen(a.id)}
          options={wordsOf(a).map((w) => ({ value: w, label: w }))}
          onChange={(values) => {
            const next = withValues(a.id, values);
            const tooMany = checkFilter({ ...draft, attributes: {}, newAttributes: next }).attributes;
            if (tooMany) {
              // docs/product.md §5: the 11th value is refused with the message; the 10 chosen stay.
              onError(t(tooMany.key, tooMany.params));
              return;
            }
            onError(undefined);
            update({ newAttributes: next });
          }}
          style={{ width: '100%' }}
          data-testid={`filter-custom-attribute-${a.id}`}
        />
      ))}
      <div>
        <Button size="small" type="dashed" onClick={() => setEditing(true)} data-testid="custom-attributes-manage">
          {t('analysis.customAttributes.manage')}
        </Button>
      </div>
      <CustomAttributesEditor
        open={editing}
        onClose={() => setEditing(false)}
        onRemoved={(id) => update({ newAttributes: draft.newAttributes.filter((a) => a.id !== id) })}
      />
    </>
  );
}
