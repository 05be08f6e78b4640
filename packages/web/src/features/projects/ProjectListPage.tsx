import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { canEnterRoute, fillPath, ROUTES } from '@marketlens/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Empty, Flex, Input, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isAdminRole, isRootRole } from '../../shared/auth/roles.js';
import { SESSION_KEY, useUser } from '../../shared/auth/session.js';
import { DisplayText } from '../../shared/ui/DisplayText.js';
import { formatDate } from '../../shared/ui/dates.js';
import { columnBudget } from '../../shared/ui/displayText.js';
import { projectStatusLabel } from '../../shared/ui/labels.js';
import { lazyDialog } from '../../shared/ui/lazyDialog.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { PageTags } from '../../shared/ui/PagesField.js';
import { ScrollTable, useKeyColumnFixed } from '../../shared/ui/ScrollTable.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type Project, type ProjectListParams, projectKeys, projectsApi } from './api.js';

const NAME_WIDTH = 260;
const PAGES_WIDTH = 224;
const OWNER_WIDTH = 160;
const STATUS_WIDTH = 104;
const CREATED_WIDTH = 120;
const actionsWidth = (root: boolean) => (root ? 236 : 200);
// The deletion (its counts of what goes with the project) loads when root opens it.
const DeleteProjectDialog = lazyDialog(() => import('./DeleteProjectDialog.js').then((m) => m.default));
const PROJECT_ROUTES = ROUTES.find((r) => r.path === '/projects')!.children ?? [];

/** /projects: the projects the user may administer, with their state and the way into each screen. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const admin = isAdminRole(user.role);
  // Deleting a project is root's alone (the server checks too).
  const root = isRootRole(user.role);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const keyFixed = useKeyColumnFixed();
  const [params, setParams] = useState<ProjectListParams>({ page: 1, page_size: 20, search: '' });
  const list = useQuery({
    queryKey: [...projectKeys.all, 'list', params],
    queryFn: ({ signal }) => projectsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const status = useAction(
    async (p: Project) => {
      const saved = await projectsApi.setStatus(p.id, p.status === 'in_service' ? 'stopped' : 'in_service');
      await queryClient.invalidateQueries();
      return saved;
    },
    { success: (p) => (p.status === 'in_service' ? t('projects.resumed') : t('projects.stopped')) },
  );
  // No project at all (not a filter that matched none): the first sign-in of a new installation or
  // account. Say what to do instead of showing an empty table.
  const none = list.isSuccess && list.data.total === 0 && !params.search && !params.status;
  const screensFor = (p: Project) => {
    const role = user.projects.find((m) => m.id === p.id)?.role ?? null;
    return PROJECT_ROUTES.filter((r) => canEnterRoute(r, user.role, role));
  };
  return (
    <PageFrame
      title={t('route.projects')}
      subtitle={t('projects.subtitle')}
      extra={
        admin && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/projects/new/info')}
            data-testid="new-project"
          >
            {t('projects.new')}
          </Button>
        )
      }
    >
      {none ? (
        <Empty data-testid="projects-empty" description={admin ? t('projects.emptyAdmin') : t('projects.emptyMember')}>
          {admin && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate('/projects/new/info')}
              data-testid="create-first-project"
            >
              {t('projects.createFirst')}
            </Button>
          )}
        </Empty>
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={12} wrap>
            <Input.Search
              allowClear
              placeholder={t('projects.searchPlaceholder')}
              style={{ width: 280 }}
              onSearch={(search) => setParams((p) => ({ ...p, page: 1, search: search.trim() }))}
            />
            <Select
              allowClear
              placeholder={t('projects.status')}
              aria-label={t('projects.status')}
              style={{ width: 160 }}
              options={[
                { value: 'in_service', label: t('project.status.inService') },
                { value: 'stopped', label: t('project.status.stopped') },
              ]}
              onChange={(v?: ProjectListParams['status']) => setParams((p) => ({ ...p, page: 1, status: v }))}
            />
          </Flex>
          <ScrollTable<Project>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.items ?? []}
            // Every column fits from a 1440 px window; narrower (1280 px with the side menu open), the name and
            // the status (from 1200 px) stay at the left and the actions at the right while the rest scrolls.
            scroll={{ x: NAME_WIDTH + STATUS_WIDTH + PAGES_WIDTH + OWNER_WIDTH + CREATED_WIDTH + actionsWidth(root) }}
            size="middle"
            data-testid="project-table"
            pagination={{
              current: params.page,
              pageSize: params.page_size,
              total: list.data?.total ?? 0,
              showTotal: (total) => t('common.total', { total }),
              onChange: (page, page_size) => setParams((p) => ({ ...p, page, page_size })),
            }}
            columns={[
              // The dataset, its granularity and currency under the name: the table fits a 1440 px window.
              {
                title: t('projects.name'),
                dataIndex: 'name',
                width: NAME_WIDTH,
                fixed: 'left',
                render: (v: string, p) => {
                  const first = screensFor(p)[0];
                  const name = <DisplayText text={v} budget={columnBudget(NAME_WIDTH)} />;
                  const scope = [
                    p.data_scope,
                    p.date_field === 'week' ? t('projects.weekly') : t('projects.monthly'),
                    `${p.currency_unit} ${p.cur_symbol}`,
                  ].join(' · ');
                  return (
                    <Flex vertical gap={2}>
                      {first ? <Link to={`/projects/${fillPath(first.path, { id: p.id })}`}>{name}</Link> : name}
                      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="project-scope">
                        <DisplayText text={scope} budget={columnBudget(NAME_WIDTH)} />
                      </Typography.Text>
                    </Flex>
                  );
                },
              },
              {
                title: t('projects.status'),
                dataIndex: 'status',
                width: STATUS_WIDTH,
                fixed: keyFixed,
                render: (s: string) => {
                  const l = projectStatusLabel(t, s);
                  return <Tag color={l.tone}>{l.label}</Tag>;
                },
              },
              // A width of its own: without one the fixed layout left the tags no room and they ran over the owner.
              {
                title: t('projects.pages'),
                dataIndex: 'pages',
                width: PAGES_WIDTH,
                render: (v: number[]) => <PageTags pages={v} />,
              },
              {
                title: t('projects.owner'),
                dataIndex: 'owner',
                width: OWNER_WIDTH,
                render: (v: string | null) =>
                  v ? <DisplayText text={v} budget={columnBudget(OWNER_WIDTH)} testId="project-owner" /> : '-',
              },
              {
                title: t('projects.createdAt'),
                dataIndex: 'created_at',
                width: CREATED_WIDTH,
                render: (v: string) => formatDate(v),
              },
              {
                title: t('common.actions'),
                fixed: 'right',
                width: actionsWidth(root),
                render: (_, p) => (
                  <Space size={0}>
                    <Dropdown
                      menu={{
                        items: screensFor(p).map((r) => ({
                          key: `/projects/${fillPath(r.path, { id: p.id })}`,
                          label: t(r.titleKey),
                        })),
                        onClick: ({ key }) => navigate(key),
                      }}
                    >
                      <Button type="link" icon={<EditOutlined />}>
                        {t('projects.manage')}
                      </Button>
                    </Dropdown>
                    {admin && (
                      <Popconfirm
                        title={p.status === 'in_service' ? t('projects.confirmStop') : t('projects.confirmResume')}
                        onConfirm={() => status.run(p)}
                      >
                        <Button
                          type="link"
                          danger={p.status === 'in_service'}
                          icon={p.status === 'in_service' ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                        >
                          {p.status === 'in_service' ? t('projects.stop') : t('projects.resume')}
                        </Button>
                      </Popconfirm>
                    )}
                    {root && (
                      // An icon with its name as tooltip and label: the list keeps every column in view at 1440 px.
                      <Tooltip title={t('projects.delete')}>
                        <Button
                          type="link"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('projects.delete')}
                          onClick={() => setDeleting(p)}
                          data-testid={`delete-project-${p.id}`}
                        />
                      </Tooltip>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Flex>
      )}
      <DeleteProjectDialog
        open={deleting !== null}
        project={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          void queryClient.invalidateQueries({ queryKey: projectKeys.all });
          // The signed-in user's projects (the project switch) no longer hold it.
          void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
        }}
      />
    </PageFrame>
  );
}
