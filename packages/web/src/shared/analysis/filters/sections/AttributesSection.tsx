import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { MAX_ATTRIBUTE_VALUES } from '@marketlens/shared';
import type { FilterAttribute } from '@marketlens/shared/contracts';
import { Button, Flex, Form, Typography } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFilterAttributes } from '../../reference.js';
import { checkFilter } from '../../validate.js';
import { AttributeGrid, AttributeSelect } from '../AttributeSelect.js';
import { groupAttributes } from '../attributeGroups.js';
import { focusFirstField } from '../focusFirstField.js';
import { itemStatus } from '../itemStatus.js';
import type { FilterSectionProps } from '../types.js';
import { CustomAttributeFilters } from './CustomAttributeFilters.js';

/**
 * The project's attributes (GET /attributes), each a multiple choice of its values, in a grid by title:
 * the chosen categories' own attributes first (the first few shown), the rest behind "N more attributes" —
 * those without a value in the chosen categories under their own heading — then the user's custom
 * attributes (CustomAttributeFilters). An 11th value of one attribute is refused.
 */
export function AttributesSection({ draft, update, errorOf }: FilterSectionProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const attributes = useFilterAttributes();
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);
  const restId = useId();
  const focusRevealed = useRef(false);
  useEffect(() => {
    if (open && focusRevealed.current) focusFirstField(revealed.current);
    focusRevealed.current = false;
  }, [open]);

  // By title in the page language (the server lists them by code), so a grid of many reads in order.
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    const title = (a: FilterAttribute) => (en ? a.title_en : a.title);
    return [...(attributes.data ?? [])].sort((a, b) => collator.compare(title(a), title(b)));
  }, [attributes.data, en, i18n.language]);
  const categories = draft.category.enable ? draft.category.value : [];
  const groups = groupAttributes(sorted, categories, new Set(Object.keys(draft.attributes)));
  const rest = groups.moreOwn.length + groups.others.length;

  const select = (a: FilterAttribute) => (
    <AttributeSelect
      key={a.name}
      title={en ? a.title_en : a.title}
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
      testId={`filter-attribute-${a.name}`}
    />
  );
  const expander = rest > 0 && (
    <Button
      type="link"
      size="small"
      aria-expanded={open}
      aria-controls={open ? restId : undefined}
      onClick={() => {
        focusRevealed.current = !open;
        setOpen(!open);
      }}
      style={{ paddingInline: 0 }}
      data-testid="filter-attributes-more"
    >
      {open ? t('analysis.filter.attributesFewer') : t('analysis.filter.attributesMore', { count: rest })}
      {open ? <UpOutlined /> : <DownOutlined />}
    </Button>
  );
  return (
    <Form.Item
      label={t('analysis.filter.attributes')}
      tooltip={t('analysis.filter.attributesHelp', { max: MAX_ATTRIBUTE_VALUES })}
      {...itemStatus(error ?? errorOf('attributes'))}
    >
      <Flex vertical gap={8}>
        {groups.shown.length > 0 && (
          <AttributeGrid testId="filter-attributes-shown">{groups.shown.map(select)}</AttributeGrid>
        )}
        {open && (
          <Flex vertical gap={8} ref={revealed} id={restId} data-testid="filter-attributes-rest">
            {groups.moreOwn.length > 0 && <AttributeGrid>{groups.moreOwn.map(select)}</AttributeGrid>}
            {groups.others.length > 0 && (
              <>
                <Typography.Text type="secondary">{t('analysis.filter.attributesElsewhere')}</Typography.Text>
                <AttributeGrid testId="filter-attributes-others">{groups.others.map(select)}</AttributeGrid>
              </>
            )}
          </Flex>
        )}
        <CustomAttributeFilters draft={draft} update={update} onError={setError} toolbar={expander} />
      </Flex>
    </Form.Item>
  );
}
