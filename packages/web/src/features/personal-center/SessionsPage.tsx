import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/request.js';
import { formatDate } from '../../shared/ui/dates.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import { useAction } from '../../shared/ui/useAction.js';
import { summarizeUserAgent } from './userAgent.js';

/** One session of GET /api/auth/sessions (the server's own app key is 'marketlens'). */
export interface SessionItem {
  id: string;
  app_key: string;
  started_at: string;
  last_used_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}
export interface SessionGroup extends SessionItem {
  /** Child-app sessions handed over from this one: they end with it. */
  children: SessionItem[];
}

const QUERY_KEY = ['auth', 'sessions'];

/** A row of the table: a top session with its child-app sessions as tree children (none: no expander). */
type Row = SessionItem & { children?: Row[]; child: boolean };

const rows = (groups: SessionGroup[]): Row[] =>
  groups.map((g) => {
    const children = g.children.map((c) => ({ ...c, child: true }));
    return { ...g, child: false, ...(children.length > 0 ? { children } : { children: undefined }) };
  });

/**
 * The user's signed-in sessions (OWASP ASVS 7.5.2): where and since when each is signed in, which is
 * this browser, child-app sessions under the sign-in they came from; end one, or all the others.
 */
export default function SessionsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => api.get<{ sessions: SessionGroup[] }>('/api/auth/sessions', undefined, { signal }),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const endOne = useAction(
    async (id: string) => {
      try {
        return await api.del<{ ended: number }>(`/api/auth/sessions/${encodeURIComponent(id)}`);
      } finally {
        await reload();
      }
    },
    { success: t('sessions.ended') },
  );
  const endOthers = useAction(
    async () => {
      try {
        return await api.post<{ ended: number }>('/api/auth/sessions/others/logout');
      } finally {
        await reload();
      }
    },
    { success: (r) => t('sessions.othersEnded', { count: r.ended }) },
  );

  if (list.isError) {
    return (
      <Card variant="borderless">
        <StatusView
          status="warning"
          title={t('sessions.loadFailed')}
          extra={<Button onClick={() => list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  const groups = list.data?.sessions ?? [];
  const others = groups.filter((g) => !g.current && !g.children.some((c) => c.current)).length;

  const client = (r: Row) => {
    const { browser, system } = summarizeUserAgent(r.user_agent);
    const text =
      browser && system ? t('sessions.agent', { browser, system }) : (browser ?? system ?? t('sessions.unknownClient'));
    return (
      <Space size={6} wrap>
        <Tooltip title={r.user_agent ?? undefined}>
          <span>{text}</span>
        </Tooltip>
        {r.child && <Tag>{t('sessions.childApp', { app: r.app_key })}</Tag>}
        {r.current && <Tag color="blue">{t('sessions.current')}</Tag>}
      </Space>
    );
  };

  return (
    <Card
      title={t('route.sessions')}
      variant="borderless"
      data-testid="sessions"
      extra={
        <Popconfirm
          title={t('sessions.endOthersConfirm')}
          onConfirm={() => void endOthers.run()}
          disabled={others === 0}
        >
          <Button danger disabled={others === 0} loading={endOthers.busy} data-testid="end-other-sessions">
            {t('sessions.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('sessions.explain')}</Typography.Paragraph>
      <Table<Row>
        rowKey="id"
        loading={list.isPending}
        dataSource={rows(groups)}
        pagination={false}
        // Child-app sessions always shown under their parent: they end with it.
        expandable={{
          expandedRowKeys: groups.filter((g) => g.children.length > 0).map((g) => g.id),
          showExpandColumn: false,
          indentSize: 24,
        }}
        locale={{ emptyText: <Empty description={t('sessions.empty')} /> }}
        columns={[
          { title: t('sessions.client'), key: 'client', render: (_, r) => client(r) },
          { title: t('sessions.ip'), dataIndex: 'ip', width: 180, render: (v: string | null) => v ?? '—' },
          {
            title: t('sessions.startedAt'),
            dataIndex: 'started_at',
            width: 180,
            render: (v: string) => formatDate(v, true),
          },
          {
            title: t('sessions.lastUsedAt'),
            dataIndex: 'last_used_at',
            width: 180,
            render: (v: string) => formatDate(v, true),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 140,
            render: (_, r) =>
              r.current ? null : (
                <Popconfirm
                  title={r.children ? t('sessions.endConfirmWithApps') : t('sessions.endConfirm')}
                  onConfirm={() => void endOne.run(r.id)}
                >
                  <Button type="link" danger loading={endOne.busy} data-testid={`end-session-${r.id}`}>
                    {t('sessions.end')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
