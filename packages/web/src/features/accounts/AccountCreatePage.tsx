import { ReloadOutlined } from '@ant-design/icons';
import { generateRandomPassword } from '@marketlens/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Descriptions, Form, Input, Radio, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserView } from '../../shared/auth/types.js';
import { CopyText } from '../../shared/ui/CopyText.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { passwordRule } from '../../shared/ui/rules.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { AccountFields, type AccountFormValues, validityToApi } from './AccountFields.js';
import { accountsApi } from './api.js';

interface Values extends AccountFormValues {
  passwordMode: 'generated' | 'set';
  password?: string;
}

/**
 * Account opening. A generated password is shown once and must be changed at the first sign-in; a
 * password set here is the user's own. Accounts opened by an admin wait for root's approval.
 */
export default function AccountCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('passwordMode', form);
  const [created, setCreated] = useState<{ user: UserView; password: string } | null>(null);

  const submit = useAction(
    async (v: Values) => {
      const r = await accountsApi.create({
        username: v.username.trim(),
        email: v.email.trim(),
        enterprise: v.enterprise.trim(),
        telephone: v.telephone.trim(),
        role: v.role,
        group: v.group ?? '',
        ...validityToApi(v.validity),
        ...(v.passwordMode === 'set' && v.password ? { password: v.password } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      setCreated({ user: r.user, password: r.password ?? v.password ?? '' });
    },
    { errors: 'inline' },
  );

  if (created) {
    return (
      <PageFrame title={t('route.accountCreate')}>
        <StatusView
          status="success"
          title={t('accountCreate.done', { name: created.user.username })}
          subTitle={created.user.status === 'pending' ? t('accountCreate.pendingReview') : t('accountCreate.doneHint')}
          extra={[
            <Button key="edit" type="primary" onClick={() => navigate(`/accounts/${created.user.id}/edit`)}>
              {t('accountCreate.setPermissions')}
            </Button>,
            <Button
              key="another"
              onClick={() => {
                setCreated(null);
                form.resetFields();
              }}
            >
              {t('accountCreate.another')}
            </Button>,
            <Button key="list" onClick={() => navigate('/accounts')}>
              {t('common.backToList')}
            </Button>,
          ]}
        >
          <Descriptions column={1} bordered size="small" style={{ maxWidth: 520, margin: '0 auto' }}>
            <Descriptions.Item label={t('account.username')}>{created.user.username}</Descriptions.Item>
            <Descriptions.Item label={t('password.initial')}>
              <CopyText text={created.password} testId="created-password" />
            </Descriptions.Item>
          </Descriptions>
        </StatusView>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('route.accountCreate')} subtitle={t('accountCreate.subtitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit.run}
        initialValues={{ role: 'general', passwordMode: 'generated' }}
        style={{ maxWidth: 880 }}
        data-testid="account-form"
      >
        {submit.error && (
          <Alert type="error" showIcon title={submit.error} style={{ marginBottom: 16 }} data-testid="form-error" />
        )}
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <AccountFields />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="passwordMode" label={t('password.initial')}>
              <Radio.Group
                options={[
                  { value: 'generated', label: t('accountCreate.generated') },
                  { value: 'set', label: t('accountCreate.set') },
                ]}
              />
            </Form.Item>
            {mode === 'set' ? (
              <Form.Item label={t('password.new')} extra={t('password.hint')}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="password" noStyle rules={[passwordRule(t)]}>
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                  <Button
                    icon={<ReloadOutlined />}
                    onClick={() => form.setFieldValue('password', generateRandomPassword())}
                  >
                    {t('accountCreate.generate')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            ) : (
              <Alert type="info" showIcon title={t('accountCreate.generatedHint')} />
            )}
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={submit.busy} data-testid="account-submit">
            {t('accountCreate.submit')}
          </Button>
          <Button onClick={() => navigate('/accounts')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </PageFrame>
  );
}
