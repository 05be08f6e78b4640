import { Select, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The grid of the attributes section: several selects a row, as many as fit at 200 px or more, so 35
 * attributes do not each take the panel's width (docs/web-analysis.md "Attributes").
 */
export function AttributeGrid({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/**
 * One attribute (a dataset one or a custom one) as a multiple choice of its values, its title inside the
 * field in the text colour (the lighter "Any" beside it is the placeholder). A narrow cell may shorten the title: its full text is the prefix's `title` and the field's name.
 */
export function AttributeSelect({
  title,
  options,
  value,
  onChange,
  testId,
}: {
  title: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange(values: string[]): void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      // A narrow cell folds chosen values into "+ N": their names on hover, so none is hidden for good.
      maxTagPlaceholder={(omitted) => (
        <Tooltip title={omitted.map((o) => o.label).join(i18n.language === 'en' ? ', ' : '、')}>
          <span>{`+ ${omitted.length}`}</span>
        </Tooltip>
      )}
      prefix={
        <Typography.Text
          title={title}
          style={{
            display: 'inline-block',
            maxWidth: 110,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            verticalAlign: 'bottom',
          }}
        >
          {title}
        </Typography.Text>
      }
      aria-label={title}
      placeholder={t('analysis.filter.attributeAny')}
      value={value}
      options={options}
      onChange={onChange}
      style={{ width: '100%', minWidth: 0 }}
      data-testid={testId}
    />
  );
}
