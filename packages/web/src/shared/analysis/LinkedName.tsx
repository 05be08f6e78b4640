import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DisplayText } from '../ui/DisplayText.js';
import type { DisplayBudget } from '../ui/displayText.js';

/**
 * A product, shop or brand name cut to its column's display-length budget (docs/product.md §5, full name on
 * hover), linked to its page on the platform (docs/product.md §9 link helpers) when there is one.
 */
export function LinkedName({
  text,
  href,
  budget = 'cell',
  strong,
}: {
  text: string;
  href?: string | null;
  budget?: DisplayBudget;
  strong?: boolean;
}) {
  const { t } = useTranslation();
  const name = <DisplayText text={text} budget={budget} style={strong ? { fontWeight: 600 } : undefined} />;
  if (!href) return name;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={t('analysis.openLink')}>
      {name}
      <ExportOutlined style={{ fontSize: 11, marginInlineStart: 4 }} />
    </a>
  );
}
