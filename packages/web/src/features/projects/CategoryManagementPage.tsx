import { ApartmentOutlined, CheckCircleOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { lazyDialog } from '../../shared/ui/lazyDialog.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type ProjectCategory, projectKeys, projectsApi } from './api.js';
import { ProjectFrame, useProjectId } from './ProjectFrame.js';

// The upload (file picker, per-row report) loads when it is opened.
const CategoryUploadDialog = lazyDialog(() => import('./CategoryUploadDialog.js').then((m) => m.default));
const CategoryPickerDialog = lazyDialog(() => import('./CategoryPickerDialog.js').then((m) => m.default));

interface Node extends ProjectCategory {
  children?: Node[];
}

/** Flat category list → tree (a category whose parent is not in the project is a root). */
export function categoryTree(items: readonly ProjectCategory[]): Node[] {
  const nodes = new Map<number, Node>(items.map((c) => [c.category_id, { ...c }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent === null ? undefined : nodes.get(node.parent);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** A project's categories: tree with status, upload with a per-row check, readiness and removal. */
export default function CategoryManagementPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useProjectId();
  const en = currentLocale() === 'en';
  const [selected, setSelected] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const list = useQuery({
    queryKey: projectKeys.categories(id),
    queryFn: ({ signal }) => projectsApi.categories(id, signal),
  });
  const tree = useMemo(() => categoryTree(list.data?.items ?? []), [list.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.categories(id) });
  const notReady = (list.data?.items ?? []).filter((c) => c.status !== 'ready').length;

  const setStatus = useAction(
    async (status: 'ready' | 'not_ready') => {
      await projectsApi.setCategoryStatus(id, selected, status);
      setSelected([]);
      await refresh();
    },
    { success: t('common.saved') },
  );
  const remove = useAction(async (categoryId: number) => {
    await projectsApi.removeCategory(id, categoryId);
    await refresh();
  });

  return (
    <ProjectFrame>
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={12}>
          <Space wrap>
            <Button
              disabled={selected.length === 0}
              onClick={() => setStatus.run('ready')}
              loading={setStatus.busy}
              icon={<CheckCircleOutlined />}
            >
              {t('categories.markReady')}
            </Button>
            <Button disabled={selected.length === 0} onClick={() => setStatus.run('not_ready')}>
              {t('categories.markNotReady')}
            </Button>
            {notReady > 0 && (
              <Typography.Text type="warning">{t('categories.notReadyCount', { count: notReady })}</Typography.Text>
            )}
          </Space>
          <Space wrap>
            <Button
              type="primary"
              icon={<ApartmentOutlined />}
              onClick={() => setPicking(true)}
              data-testid="pick-categories"
            >
              {t('categories.pick')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="upload-categories">
              {t('categories.upload')}
            </Button>
          </Space>
        </Flex>
        <Table<Node>
          rowKey="category_id"
          loading={list.isPending}
          dataSource={tree}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as number[]),
            checkStrictly: true,
          }}
          data-testid="category-table"
          columns={[
            {
              title: t('categories.name'),
              render: (_, c) => (en ? c.category_name_en : c.category_name) || c.category_name || String(c.category_id),
            },
            { title: t('categories.id'), dataIndex: 'category_id', width: 140 },
            {
              title: t('categories.level'),
              dataIndex: 'level',
              width: 100,
              render: (l: number) => t('categories.levelN', { level: l }),
            },
            {
              title: t('categories.status'),
              dataIndex: 'status',
              width: 140,
              render: (s: string) =>
                s === 'ready' ? (
                  <Badge status="success" text={t('categories.ready')} />
                ) : (
                  <Badge status="warning" text={t('categories.notReady')} />
                ),
            },
            {
              title: t('common.actions'),
              width: 110,
              render: (_, c) => (
                <Popconfirm title={t('categories.confirmRemove')} onConfirm={() => remove.run(c.category_id)}>
                  <Button type="link" danger icon={<DeleteOutlined />}>
                    {t('common.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Flex>
      <CategoryPickerDialog
        open={picking}
        projectId={id}
        onClose={() => setPicking(false)}
        onAdded={() => void refresh()}
      />
      <CategoryUploadDialog
        open={uploading}
        projectId={id}
        onClose={() => setUploading(false)}
        onAdded={() => void refresh()}
      />
    </ProjectFrame>
  );
}
