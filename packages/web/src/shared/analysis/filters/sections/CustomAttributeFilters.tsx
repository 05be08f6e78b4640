import { Button, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customAttributeName, useCustomAttributes, wordsOf } from '../../customAttributes.js';
import type { AnalysisFilter } from '../../filter.js';
import { checkFilter } from '../../validate.js';
import { AttributeGrid, AttributeSelect } from '../AttributeSelect.js';
import { CustomAttributesEditor } from '../CustomAttributesEditor.js';
import type { FilterSectionProps } from '../types.js';

/**
 * The user's custom attributes in the attributes section, their own group below the project's: each a
 * multiple choice of its words (`newAttributes`, at most 10 values like any attribute), and the editor
 * to add, edit and delete them.
 */
export function CustomAttributeFilters({
  draft,
  update,
  onError,
  toolbar,
}: Pick<FilterSectionProps, 'draft' | 'update'> & {
  onError(message: string | undefined): void;
  /** Shown before the editor's button, on its line (the attributes section's expander). */
  toolbar?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const list = useCustomAttributes();
  const [editing, setEditing] = useState(false);
  const chosen = (id: number) => draft.newAttributes.find((a) => a.id === id)?.values ?? [];
  const withValues = (id: number, values: string[]): AnalysisFilter['newAttributes'] => {
    const rest = draft.newAttributes.filter((a) => a.id !== id);
    return values.length ? [...rest, { id, values }] : rest;
  };
  const custom = list.data ?? [];
  return (
    <>
      {custom.length > 0 && (
        <AttributeGrid testId="filter-custom-attributes">
          {custom.map((a) => (
            <AttributeSelect
              key={a.id}
              title={customAttributeName(a, en)}
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
              testId={`filter-custom-attribute-${a.id}`}
            />
          ))}
        </AttributeGrid>
      )}
      <Flex gap={16} align="center" wrap>
        {toolbar}
        <Button size="small" type="dashed" onClick={() => setEditing(true)} data-testid="custom-attributes-manage">
          {t('analysis.customAttributes.manage')}
        </Button>
      </Flex>
      <CustomAttributesEditor
        open={editing}
        onClose={() => setEditing(false)}
        onRemoved={(id) => update({ newAttributes: draft.newAttributes.filter((a) => a.id !== id) })}
      />
    </>
  );
}
