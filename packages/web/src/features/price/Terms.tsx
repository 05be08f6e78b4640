import type { PriceTerms } from '@marketlens/shared/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { termsText } from './reasons.js';

/** The pricing rules as the server applies them (docs/pricing.md). */
export function Terms({ terms }: { terms: PriceTerms }) {
  const { t } = useTranslation();
  return (
    <div data-testid="price-terms">
      <Typography.Text strong>{t('pricing.terms.title')}</Typography.Text>
      <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
        {termsText(t, terms).map((line) => (
          <li key={line}>
            <Typography.Text type="secondary">{line}</Typography.Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
