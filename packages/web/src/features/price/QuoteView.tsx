import { CloseOutlined } from '@ant-design/icons';
import type { Quote, QuoteItem, QuoteLine } from '@marketlens/shared/contracts';
import { Button, Divider, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerArea } from '../../shared/i18n/index.js';
import { priceMessages } from './messages.js';
import { lineKindText, money, reasonText } from './reasons.js';

// The enquiries screen loads the quote view on its own (when a row is expanded): its strings come with it.
registerArea(priceMessages);

type Named = { name: string; name_en: string };
export const useNameOf = () => {
  const { i18n } = useTranslation();
  return (n: Named) => (i18n.language === 'en' ? n.name_en || n.name : n.name);
};

const KIND_COLOR = { second: 'blue', thirds: 'default', allThirds: 'purple', merged: 'green' } as const;

function Item({ item, onRemove }: { item: QuoteItem; onRemove: ((id: number) => void) | undefined }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  return (
    <Flex gap={8} align="flex-start" data-testid={`quote-item-${item.category_id}`}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text>{nameOf(item)}</Typography.Text>
        {item.reasons.map((r) => (
          <Typography.Paragraph key={r.code} type="secondary" style={{ fontSize: 12, margin: 0 }}>
            {reasonText(t, r)}
          </Typography.Paragraph>
        ))}
      </div>
      <Typography.Text style={{ whiteSpace: 'nowrap' }} data-testid={`item-price-${item.category_id}`}>
        {money(item.price)}
      </Typography.Text>
      {onRemove && (
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('pricing.cart.remove', { name: nameOf(item) })}
          onClick={() => onRemove(item.category_id)}
        />
      )}
    </Flex>
  );
}

function Line({ line, onRemove }: { line: QuoteLine; onRemove: ((id: number) => void) | undefined }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  return (
    <div data-testid={`quote-line-${line.category_id}`} data-kind={line.kind}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{nameOf(line)}</Typography.Text>
          <Tag color={KIND_COLOR[line.kind]}>{lineKindText(t, line.kind)}</Tag>
        </Flex>
        <Flex gap={8} align="baseline">
          {line.price !== line.subtotal && (
            <Typography.Text delete type="secondary" data-testid={`line-subtotal-${line.category_id}`}>
              {money(line.subtotal)}
            </Typography.Text>
          )}
          <Typography.Text strong data-testid={`line-price-${line.category_id}`}>
            {money(line.price)}
          </Typography.Text>
        </Flex>
      </Flex>
      {line.reasons.map((r) => (
        <Typography.Paragraph key={r.code} type="success" style={{ margin: '4px 0 0' }}>
          {reasonText(t, r)}
        </Typography.Paragraph>
      ))}
      <Flex vertical gap={8} style={{ marginTop: 8, paddingLeft: 12, borderLeft: '2px solid #f0f0f0' }}>
        {line.items.map((i) => (
          <Item key={i.category_id} item={i} onRemove={onRemove} />
        ))}
      </Flex>
    </div>
  );
}

/** A quote: one block per second-level category with its items, the reasons of every figure, the total. */
export function QuoteView({ quote, onRemove }: { quote: Quote; onRemove?: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} data-testid="quote">
      {quote.lines.map((l, i) => (
        <div key={l.category_id}>
          {i > 0 && <Divider style={{ margin: '0 0 16px' }} />}
          <Line line={l} onRemove={onRemove} />
        </div>
      ))}
      <Divider style={{ margin: 0 }} />
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>{t('pricing.cart.total')}</Typography.Text>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="quote-total">
          {money(quote.total)}
        </Typography.Title>
      </Flex>
    </Flex>
  );
}
