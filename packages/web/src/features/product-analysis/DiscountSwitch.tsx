import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../shared/ui/feedback.js';
import { useDiscountSwitch } from './data.js';

/**
 * The discount-price switch (docs/product.md §3): figures at list or discount price, saved per user in the
 * project. Only where the project's data has discount prices.
 */
export function DiscountSwitch() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const d = useDiscountSwitch();
  if (!d.available) return null;
  return (
    <Flex gap={8} align="center">
      <Typography.Text>{t('pa.discount.label')}</Typography.Text>
      <Switch
        checked={d.on}
        loading={d.busy}
        onChange={async (on) => {
          if (!(await d.set(on))) void message.error(t('pa.discount.failed'));
        }}
        aria-label={t('pa.discount.label')}
        data-testid="pa-discount"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {d.on ? t('pa.discount.on') : t('pa.discount.off')}
      </Typography.Text>
    </Flex>
  );
}
