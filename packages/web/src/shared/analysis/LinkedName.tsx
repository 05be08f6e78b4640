import { ExportOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type CutAt, DisplayText } from '../ui/DisplayText.js';
import type { DisplayBudget } from '../ui/displayText.js';

/**
 * A product, shop or brand name cut to its column's display-length budget (docs/product.md §5, full name on
 * hover), linked to its page on the platform (docs/product.md §9 link helpers) when there is one.
 */
export function LinkedName({
  text,
  href,
  budget = 'cell',
  cut,
  strong,
  style,
}: {
  text: string;
  href?: string | null;
  budget?: DisplayBudget;
  /** 'middle' for shop names (they differ at their end). */
  cut?: CutAt;
  strong?: boolean;
  /** The name's own style (e.g. how it wraps). */
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const name = (
    <DisplayText text={text} budget={budget} cut={cut} style={{ ...(strong ? { fontWeight: 600 } : {}), ...style }} />
  );
  if (!href) return name;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={t('analysis.openLink')}>
      {name}
      <ExportOutlined style={{ fontSize: 11, marginInlineStart: 4 }} />
    </a>
  );
}
