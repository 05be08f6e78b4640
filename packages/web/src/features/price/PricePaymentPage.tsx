import { isTelephone } from '@marketlens/shared';
import type { OrderCreated } from '@marketlens/shared/contracts';
import { Alert, Button, Card, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../shared/auth/session.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { emailRule, requiredRule, telephoneRule } from '../../shared/ui/rules.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type EnquiryForm, priceApi } from './api.js';
import { CartCard } from './CartCard.js';
import { CART_PARAM, cartParam, sellable } from './cart.js';
import { useCart, useCatalog } from './data.js';
import { priceMessages } from './messages.js';

registerArea(priceMessages);

/**
 * The docs/product.md §3 quotation form's required fields, each checked by the validator of docs/product.md
 * §5 the server runs.
 */
const FIELDS = [
  { name: 'enterprise', max: 200, autoComplete: 'organization' },
  { name: 'email', max: 200, autoComplete: 'email' },
  { name: 'telephone', max: 50, autoComplete: 'tel' },
] as const;

/**
 * /price/payment: the enquiry form (docs/product.md §3, §5; prefilled for a signed-in user) beside the cart and
 * its price; `POST /order` stores it with the price the server computes again (docs/product.md §8 messages).
 */
export default function PricePaymentPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const [rawCart] = useCart();
  const cart = catalog.data ? sellable(rawCart, catalog.data.categories) : rawCart;
  const [done, setDone] = useState<OrderCreated | null>(null);
  const submit = useAction((form: EnquiryForm) => priceApi.order(form, cart), {
    errors: 'inline',
    success: t('price.submitted'),
  });
  const back = `/price/goods${cart.length ? `?${CART_PARAM}=${cartParam(cart)}` : ''}`;

  if (done) {
    return (
      <Card variant="borderless">
        <StatusView
          status="success"
          data-testid="enquiry-done"
          title={t('pricing.done.title')}
          subTitle={
            <>
              {t('price.submitted')}
              <br />
              {t('pricing.done.number', { id: done.id })}
            </>
          }
          extra={[
            <Button key="again" type="primary" onClick={() => navigate('/price/goods')}>
              {t('pricing.done.again')}
            </Button>,
            ...(user
              ? [
                  <Button key="app" onClick={() => navigate('/')}>
                    {t('pricing.backToApp')}
                  </Button>,
                ]
              : []),
          ]}
        />
      </Card>
    );
  }

  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={13}>
        <Card title={t('pricing.form.title')} variant="borderless">
          {cart.length === 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('pricing.form.needCart')}
              action={
                <Button size="small" onClick={() => navigate('/price/goods')}>
                  {t('pricing.step.goods')}
                </Button>
              }
            />
          )}
          {/* Keyed by the user: the prefill applies once the session has loaded. */}
          <Form<EnquiryForm>
            key={user?.id ?? 'visitor'}
            layout="vertical"
            requiredMark
            initialValues={{
              enterprise: user?.enterprise ?? '',
              email: user?.email ?? '',
              // An account without a number holds a placeholder ('-'): the field then starts empty
              // rather than offering a dash the check refuses (docs/product.md §5).
              telephone: user && isTelephone(user.telephone.trim()) ? user.telephone.trim() : '',
            }}
            onFinish={async (values) => {
              const r = await submit.run(values);
              if (r) setDone(r);
            }}
            onFinishFailed={() => message.error(t('price.invalid'))}
            data-testid="enquiry-form"
          >
            {FIELDS.map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={t(`pricing.form.${f.name}`)}
                required
                rules={[
                  f.name === 'email'
                    ? emailRule(t)
                    : f.name === 'telephone'
                      ? telephoneRule(t)
                      : requiredRule(t, f.name),
                ]}
              >
                <Input maxLength={f.max} autoComplete={f.autoComplete} />
              </Form.Item>
            ))}
            <Form.Item name="remark" label={t('pricing.form.remark')}>
              <Input.TextArea rows={4} maxLength={2000} placeholder={t('pricing.form.remarkPlaceholder')} />
            </Form.Item>
            {submit.error && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                message={t('price.failed')}
                description={submit.error}
                data-testid="enquiry-error"
              />
            )}
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              loading={submit.busy}
              disabled={cart.length === 0}
              data-testid="submit-enquiry"
            >
              {t('pricing.form.submit')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={11}>
        <CartCard
          cart={cart}
          terms={catalog.data?.terms}
          extra={
            <Link to={back} data-testid="back-to-goods">
              {t('pricing.cart.back')}
            </Link>
          }
        />
      </Col>
    </Row>
  );
}
