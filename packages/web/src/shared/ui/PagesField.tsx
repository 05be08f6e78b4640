import { ANALYSIS_PAGES } from '@marketlens/shared';
import { Checkbox, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Page permissions as checkboxes (route ids 1–9), optionally limited to a project's pages. */
export function PagesField({
  value,
  onChange,
  within,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  within?: readonly number[];
}) {
  const { t } = useTranslation();
  const pages = within ? ANALYSIS_PAGES.filter((p) => within.includes(p.id)) : ANALYSIS_PAGES;
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(v) => onChange?.((v as number[]).slice().sort((a, b) => a - b))}
      options={pages.map((p) => ({ value: p.id, label: t(p.titleKey) }))}
      data-testid="pages-field"
    />
  );
}

/** Page ids as compact tags. */
export function PageTags({ pages }: { pages: readonly number[] }) {
  const { t } = useTranslation();
  if (pages.length === ANALYSIS_PAGES.length) return <Tag color="blue">{t('pages.all')}</Tag>;
  if (pages.length === 0) return <Tag>{t('pages.none')}</Tag>;
  // Tags wrap inside their cell, never past its edge into the next column.
  return (
    <Flex gap={4} wrap data-testid="page-tags">
      {ANALYSIS_PAGES.filter((p) => pages.includes(p.id)).map((p) => (
        <Tag key={p.id} style={{ marginInlineEnd: 0 }}>
          {t(p.titleKey)}
        </Tag>
      ))}
    </Flex>
  );
}
