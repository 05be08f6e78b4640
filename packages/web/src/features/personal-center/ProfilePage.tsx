import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Input, Modal, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/request.js';
import { useUser } from '../../shared/auth/session.js';
import { errorText } from '../../shared/ui/errors.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { ICONS } from '../../shared/ui/icons.js';
import { accountState, roleLabel, wechatStateLabel } from '../../shared/ui/labels.js';
import { authApi } from '../login/api.js';

interface BindInfo {
  available: boolean;
  wechat_state: string;
  bound: boolean;
  application_id: number | null;
}

export const formatDate = (iso: string | null | undefined, withTime = false) =>
  iso ? dayjs(iso).format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : '-';

function WechatCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const info = useQuery({
    queryKey: ['wechat-bind-info'],
    queryFn: ({ signal }) => api.get<BindInfo>('/api/auth/thirdparty/bind/info', undefined, { signal }),
  });
  const state = wechatStateLabel(t, info.data?.wechat_state ?? 'unbound');
  const bind = async () => {
    try {
      window.location.assign((await authApi.wechatStart('bind')).authorize_url);
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  const requestUnbind = async () => {
    try {
      await api.post('/api/auth/thirdparty/unbind/account', { reason }, { silent: true });
      void message.success(t('wechat.unbindRequested'));
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: ['wechat-bind-info'] });
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  return (
    <Card title={t('wechat.title')} loading={info.isPending} variant="borderless">
      <Flex align="center" justify="space-between" wrap gap={16}>
        <Space size={16}>
          <ICONS.WechatOutlined style={{ fontSize: 36, color: info.data?.bound ? '#07c160' : '#bfbfbf' }} />
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
          <Button type="primary" icon={<ICONS.WechatOutlined />} onClick={bind}>
            {t('wechat.bindNow')}
          </Button>
        )}
        {info.data?.wechat_state === 'bound' && (
          <Button onClick={() => setAsking(true)}>{t('wechat.requestUnbind')}</Button>
        )}
      </Flex>
      <Modal
        open={asking}
        title={t('wechat.requestUnbind')}
        onOk={requestUnbind}
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
      </Modal>
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
              ? `${formatDate(user.valid_from)} ~ ${formatDate(user.valid_to)}`
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
    </Flex>
  );
}
