import { EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { roleMatches } from '@marketlens/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUser } from '../../shared/auth/session.js';
import type { UserView } from '../../shared/auth/types.js';
import { contactColumns, DisplayText } from '../../shared/ui/DisplayText.js';
import { formatCalendarDate, formatDate } from '../../shared/ui/dates.js';
import { columnBudget } from '../../shared/ui/displayText.js';
import { accountState, roleLabel, roleOptions } from '../../shared/ui/labels.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { ScrollTable, useKeyColumnFixed } from '../../shared/ui/ScrollTable.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type Application, accountKeys, accountsApi, type ListParams } from './api.js';
import { DeleteAccountButton, mayDeleteAccount } from './DeleteAccount.js';

const PAGE_SIZE = 20;
/**
 * The account table's widths. The username, role and status (fixed at the left; role and status from
 * 1200 px, `useKeyColumnFixed`) and the actions (at the right) stay in view at 1280 px; the contact fields and dates scroll between them. The role column holds
 * the longest role tag ("Super administrator"), the status one "Pending review".
 */
const W = {
  username: 160,
  role: 168,
  status: 144,
  email: 240,
  enterprise: 180,
  validTo: 120,
  lastLogin: 170,
  actions: 180,
};
const ACCOUNT_TABLE_WIDTH = Object.values(W).reduce((a, b) => a + b, 0);

function ApplicationsTable() {
  const { t } = useTranslation();
  const me = useUser();
  const queryClient = useQueryClient();
  const apps = useQuery({
    queryKey: accountKeys.applications,
    queryFn: ({ signal }) => accountsApi.applications(signal),
  });
  const review = useAction(
    async (id: number, status: 'approved' | 'rejected') => {
      const r = await accountsApi.review(id, status);
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      return r;
    },
    { success: (r) => (r.status === 'approved' ? t('applications.approved') : t('applications.rejected')) },
  );
  // Account openings are root's decision; unbinding requests any administrator's (server rule).
  const mayReview = (a: Application) => a.kind !== 'account_opening' || roleMatches(me.role, ['root']);
  return (
    <Table<Application>
      rowKey="id"
      loading={apps.isPending}
      dataSource={apps.data?.items ?? []}
      pagination={false}
      data-testid="applications"
      columns={[
        {
          title: t('applications.kind'),
          dataIndex: 'kind',
          render: (k: string) =>
            k === 'account_opening' ? (
              <Tag color="blue">{t('applications.opening')}</Tag>
            ) : (
              <Tag color="green">{t('applications.unbind')}</Tag>
            ),
        },
        { title: t('account.username'), dataIndex: 'username' },
        {
          title: t('applications.detail'),
          render: (_, a) =>
            (a.payload.reason as string | undefined) ||
            (a.payload.requested_by ? t('applications.requestedBy', { name: String(a.payload.requested_by) }) : '-'),
        },
        { title: t('applications.at'), dataIndex: 'created_at', render: (v: string) => formatDate(v, true) },
        {
          title: t('common.actions'),
          width: 200,
          render: (_, a) =>
            mayReview(a) ? (
              <Space>
                <Button
                  type="primary"
                  size="small"
                  onClick={() => review.run(a.id, 'approved')}
                  data-testid={`approve-${a.id}`}
                >
                  {t('applications.approve')}
                </Button>
                <Button size="small" danger onClick={() => review.run(a.id, 'rejected')}>
                  {t('applications.reject')}
                </Button>
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('applications.rootOnly')}</Typography.Text>
            ),
        },
      ]}
    />
  );
}

/** /accounts: search, filter and page through accounts; review pending requests. */
export default function AccountListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUser();
  const root = roleMatches(me.role, ['root']);
  const keyFixed = useKeyColumnFixed();
  const [params, setParams] = useState<ListParams>({ page: 1, page_size: PAGE_SIZE });
  const list = useQuery({
    queryKey: accountKeys.list(params),
    queryFn: ({ signal }) => accountsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const apps = useQuery({
    queryKey: accountKeys.applications,
    queryFn: ({ signal }) => accountsApi.applications(signal),
  });
  const pending = apps.data?.items.length ?? 0;
  const set = (patch: Partial<ListParams>) => setParams((p) => ({ ...p, page: 1, ...patch }));

  const accounts = (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap>
        <Input.Search
          allowClear
          placeholder={t('accounts.searchPlaceholder')}
          onSearch={(v) => set({ search: v.trim() || undefined })}
          style={{ width: 280 }}
          data-testid="account-search"
        />
        <Select
          allowClear
          placeholder={t('account.role')}
          aria-label={t('account.role')}
          style={{ width: 160 }}
          options={roleOptions(t)}
          onChange={(v?: string) => set({ role: v })}
        />
        <Select
          allowClear
          placeholder={t('account.status')}
          aria-label={t('account.status')}
          style={{ width: 160 }}
          options={[
            { value: 'active', label: t('account.state.active') },
            { value: 'pending', label: t('account.state.pending') },
            { value: 'disabled', label: t('account.state.disabled') },
          ]}
          onChange={(v?: ListParams['status']) => set({ status: v })}
        />
      </Flex>
      <ScrollTable<UserView>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        scroll={{ x: ACCOUNT_TABLE_WIDTH }}
        size="middle"
        data-testid="account-table"
        pagination={{
          current: params.page,
          pageSize: params.page_size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, page_size) => setParams((p) => ({ ...p, page, page_size })),
        }}
        columns={[
          {
            title: t('account.username'),
            dataIndex: 'username',
            width: W.username,
            fixed: 'left',
            render: (v: string, u) => (
              <Link to={`/accounts/${u.id}/edit`}>
                <DisplayText text={v} budget={columnBudget(W.username)} />
              </Link>
            ),
          },
          {
            title: t('account.role'),
            dataIndex: 'role',
            width: W.role,
            fixed: keyFixed,
            render: (r: string) => <Tag>{roleLabel(t, r)}</Tag>,
          },
          {
            title: t('account.status'),
            width: W.status,
            fixed: keyFixed,
            render: (_, u) => {
              const s = accountState(t, u);
              return <Badge status={s.tone} text={s.label} />;
            },
          },
          ...contactColumns<UserView>(t, W),
          {
            title: t('account.validTo'),
            dataIndex: 'valid_to',
            width: W.validTo,
            render: (v: string | null) => (v ? formatCalendarDate(v) : t('account.validityUnlimited')),
          },
          {
            title: t('account.lastLogin'),
            dataIndex: 'last_login_at',
            width: W.lastLogin,
            render: (v: string | null) => formatDate(v, true),
          },
          {
            title: t('common.actions'),
            width: W.actions,
            fixed: 'right',
            render: (_, u) => (
              <Flex>
                <Button type="link" icon={<EditOutlined />} onClick={() => navigate(`/accounts/${u.id}/edit`)}>
                  {t('common.edit')}
                </Button>
                {mayDeleteAccount(me, u) && <DeleteAccountButton account={u} link />}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );

  return (
    <PageFrame
      title={t('route.accounts')}
      subtitle={t('accounts.subtitle')}
      extra={
        <>
          {root && (
            <>
              <Button
                icon={<UploadOutlined />}
                onClick={() => navigate('/accounts/batch-create')}
                data-testid="batch-create"
              >
                {t('route.accountBatchCreate')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => navigate('/accounts/batch-update')}>
                {t('route.accountBatchUpdate')}
              </Button>
            </>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/accounts/create')}
            data-testid="open-account"
          >
            {t('route.accountCreate')}
          </Button>
        </>
      }
    >
      <Tabs
        items={[
          { key: 'accounts', label: t('accounts.tabAccounts'), children: accounts },
          {
            key: 'requests',
            label: (
              <Badge count={pending} offset={[12, 0]} size="small">
                {t('accounts.tabRequests')}
              </Badge>
            ),
            children: <ApplicationsTable />,
          },
        ]}
      />
    </PageFrame>
  );
}
