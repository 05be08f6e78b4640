import type { PriceTerms } from '@marketlens/shared/contracts';
import { Alert, Card, Empty, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuote } from './data.js';
import { QuoteView } from './QuoteView.js';
import { Terms } from './Terms.js';

interface Props {
  cart: readonly number[];
  terms: PriceTerms | undefined;
  onRemove?: (id: number) => void;
  extra?: ReactNode;
  footer?: ReactNode;
}

/** The cart with the server's quote of it (both steps show it), the rules below. */
export function CartCard({ cart, terms, onRemove, extra, footer }: Props) {
  const { t } = useTranslation();
  const quote = useQuote(cart);
  let body: ReactNode;
  if (cart.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pricing.cart.empty')} />;
  else if (quote.isError && !quote.data) body = <Alert type="error" showIcon message={t('pricing.cart.quoteFailed')} />;
  else if (!quote.data) body = <Spin style={{ display: 'block', padding: 32 }} />;
  else
    body = (
      <Spin spinning={quote.isFetching} tip={t('pricing.cart.updating')}>
        <QuoteView quote={quote.data} {...(onRemove ? { onRemove } : {})} />
      </Spin>
    );
  return (
    <Card title={t('pricing.cart.title')} extra={extra} variant="borderless" data-testid="cart">
      <Flex vertical gap={20}>
        {body}
        {footer}
        {terms && <Terms terms={terms} />}
      </Flex>
    </Card>
  );
}
