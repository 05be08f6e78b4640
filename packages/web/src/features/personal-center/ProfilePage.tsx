import { KeyOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/request.js';
import { useUser } from '../../shared/auth/session.js';
import type { LoginResult } from '../../shared/auth/types.js';
import { CopyText } from '../../shared/ui/CopyText.js';
import { formatCalendarDate, formatDate } from '../../shared/ui/dates.js';
import { accountState, roleLabel, wechatStateLabel } from '../../shared/ui/labels.js';
import { LazyModal } from '../../shared/ui/lazyDialog.js';
import { useAction } from '../../shared/ui/useAction.js';
import { authApi } from '../login/api.js';

interface BindInfo {
  available: boolean;
  wechat_state: string;
  bound: boolean;
  application_id: number | null;
}

function WechatCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const info = useQuery({
    queryKey: ['wechat-bind-info'],
    queryFn: ({ signal }) => api.get<BindInfo>('/api/auth/thirdparty/bind/info', undefined, { signal }),
  });
  const state = wechatStateLabel(t, info.data?.wechat_state ?? 'unbound');
  const bind = useAction(async () => window.location.assign((await authApi.wechatStart('bind')).authorize_url));
  const requestUnbind = useAction(
    async () => {
      await api.post('/api/auth/thirdparty/unbind/account', { reason }, { silent: true });
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: ['wechat-bind-info'] });
    },
    { success: t('wechat.unbindRequested') },
  );
  return (
    <Card title={t('wechat.title')} loading={info.isPending} variant="borderless">
      <Flex align="center" justify="space-between" wrap gap={16}>
        <Space size={16}>
          <WechatOutlined style={{ fontSize: 36, color: info.data?.bound ? '#07c160' : '#bfbfbf' }} />
          <div>
            <Tag color={state.tone} data-testid="wechat-state">
              {state.label}
            </Tag>
            <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
              {!info.data?.available
                ? t('wechat.unavailable')
                : info.data.wechat_state === 'unbind_pending'
                  ? t('wechat.pendingText')
                  : info.data.bound
                    ? t('wechat.boundText')
                    : t('wechat.unboundText')}
            </Typography.Paragraph>
          </div>
        </Space>
        {info.data?.available && info.data.wechat_state === 'unbound' && (
          <Button type="primary" icon={<WechatOutlined />} loading={bind.busy} onClick={() => bind.run()}>
            {t('wechat.bindNow')}
          </Button>
        )}
        {info.data?.wechat_state === 'bound' && (
          <Button onClick={() => setAsking(true)}>{t('wechat.requestUnbind')}</Button>
        )}
      </Flex>
      <LazyModal
        open={asking}
        title={t('wechat.requestUnbind')}
        onOk={() => requestUnbind.run()}
        confirmLoading={requestUnbind.busy}
        onCancel={() => setAsking(false)}
        okText={t('common.submit')}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('wechat.unbindExplain')}</Typography.Paragraph>
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder={t('wechat.unbindReason')}
          onChange={(e) => setReason(e.target.value)}
        />
      </LazyModal>
    </Card>
  );
}

/**
 * Signing in to a child application of the parent portal: the server issues the child its own
 * session (revocable on its own, never this tab's tokens); the user hands the tokens to that app.
 */
function ChildAppCard() {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [issued, setIssued] = useState<LoginResult | null>(null);
  const get = useAction(async () => setIssued(await authApi.childAppToken(key.trim())), {
    success: t('childApp.issued'),
  });
  return (
    <Card title={t('childApp.title')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('childApp.explain')}</Typography.Paragraph>
      <Space.Compact style={{ maxWidth: 480, width: '100%' }}>
        <Input
          value={key}
          maxLength={64}
          placeholder={t('childApp.keyPlaceholder')}
          onChange={(e) => setKey(e.target.value)}
          data-testid="child-app-key"
        />
        <Button
          type="primary"
          icon={<KeyOutlined />}
          disabled={key.trim() === ''}
          loading={get.busy}
          onClick={() => get.run()}
          data-testid="child-app-token"
        >
          {t('childApp.get')}
        </Button>
      </Space.Compact>
      {issued && (
        <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
          <Descriptions.Item label={t('childApp.access')}>
            <CopyText text={issued.access_token} testId="child-access-token" />
          </Descriptions.Item>
          <Descriptions.Item label={t('childApp.refresh')}>
            <CopyText text={issued.refresh_token} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** The signed-in user's own account, projects and WeChat binding. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useUser();
  const state = accountState(t, user);
  return (
    <Flex vertical gap={16}>
      <Card title={t('profile.title')} variant="borderless">
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} data-testid="profile">
          <Descriptions.Item label={t('account.username')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('account.email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('account.role')}>{roleLabel(t, user.role)}</Descriptions.Item>
          <Descriptions.Item label={t('account.enterprise')}>{user.enterprise || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('account.group')}>{user.group || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('account.telephone')}>{user.telephone || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('account.status')}>
            <Tag color={state.tone}>{state.label}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.validity')}>
            {user.valid_from || user.valid_to
              ? `${formatCalendarDate(user.valid_from)} ~ ${formatCalendarDate(user.valid_to)}`
              : t('account.validityUnlimited')}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.lastLogin')}>{formatDate(user.last_login_at, true)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('profile.projects')} variant="borderless">
        {user.projects.length === 0 ? (
          <Typography.Text type="secondary">{t('profile.noProjects')}</Typography.Text>
        ) : (
          <Flex wrap gap={8}>
            {user.projects.map((p) => (
              <Tag key={p.id} color="blue" style={{ padding: '4px 10px' }}>
                {p.name}
                <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                  {t('profile.pagesCount', { count: p.pages.length })}
                </Typography.Text>
              </Tag>
            ))}
          </Flex>
        )}
      </Card>
      <WechatCard />
      <ChildAppCard />
    </Flex>
  );
}
