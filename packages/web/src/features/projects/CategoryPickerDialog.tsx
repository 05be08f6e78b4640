import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Input, Modal, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { useAction } from '../../shared/ui/useAction.js';
import { projectKeys, projectsApi } from './api.js';
import { allIds, datasetTree, halfPicked, type PickNode, searchTree, toggle } from './categoryPicker.js';

interface Props {
  open: boolean;
  projectId: number;
  onClose(): void;
  /** Categories were added: the list refetches. */
  onAdded(): void;
}

/**
 * Adds categories from the project's dataset's tree: search, tick boxes, a parent ticks all under it;
 * the added ones are ready unless "review before use" is ticked (docs/product.md §6 "not ready").
 */
export default function CategoryPickerDialog({ open, projectId, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const en = currentLocale() === 'en';
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [review, setReview] = useState(false);
  const [expanded, setExpanded] = useState<number[]>([]);
  const list = useQuery({
    queryKey: projectKeys.datasetCategories(projectId),
    queryFn: ({ signal }) => projectsApi.datasetCategories(projectId, signal),
    enabled: open,
  });
  const tree = useMemo(() => datasetTree(list.data?.items ?? []), [list.data]);
  const shown = useMemo(() => searchTree(tree.roots, search), [tree, search]);
  const half = useMemo(() => halfPicked(picked, tree), [picked, tree]);

  const label = (n: PickNode) => (en ? n.item.category_name_en : n.item.category_name) || n.item.category_name;
  const toNode = (n: PickNode): DataNode => ({
    key: n.id,
    disableCheckbox: n.item.status !== null,
    title: (
      <Space size={6}>
        <span>{label(n)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {n.id}
        </Typography.Text>
        {n.item.status !== null && (
          <Tag color={n.item.status === 'ready' ? 'green' : 'orange'} data-testid="picker-in-project">
            {n.item.status === 'ready' ? t('categories.inProject') : t('categories.inProjectNotReady')}
          </Tag>
        )}
      </Space>
    ),
    children: n.children.map(toNode),
  });
  const treeData = shown.map(toNode);

  const close = () => {
    setPicked(new Set());
    setSearch('');
    setReview(false);
    onClose();
  };
  const add = useAction(
    async () => {
      const ids = [...picked];
      await projectsApi.addCategories(projectId, ids, review ? 'not_ready' : 'ready');
      close();
      onAdded();
      return ids.length;
    },
    { success: (count) => t('categories.added', { count }) },
  );

  return (
    <Modal
      open={open}
      title={t('categories.pick')}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center">
          <Checkbox checked={review} onChange={(e) => setReview(e.target.checked)} data-testid="picker-review">
            {t('categories.reviewFirst')}
          </Checkbox>
          <Space>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={picked.size === 0}
              loading={add.busy}
              onClick={() => add.run()}
              data-testid="picker-add"
            >
              {t('categories.commit', { count: picked.size })}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Flex vertical gap={12} data-testid="category-picker">
        <Typography.Text type="secondary">{t('categories.pickHint')}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('categories.pickSearch')}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={setSearch}
          data-testid="picker-search"
        />
        {review && <Alert type="info" showIcon title={t('categories.reviewFirstHint')} />}
        {list.isSuccess && treeData.length === 0 ? (
          <Empty description={search ? t('categories.pickNoMatch') : t('categories.pickEmpty')} />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            height={420}
            treeData={treeData}
            checkedKeys={{ checked: [...picked], halfChecked: half }}
            onCheck={(_, info) => setPicked((p) => toggle(p, tree, Number(info.node.key), info.checked))}
            // While searching every branch of the cut tree is open; otherwise the administrator's own.
            expandedKeys={search.trim() ? allIds(shown) : expanded}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            data-testid="picker-tree"
          />
        )}
      </Flex>
    </Modal>
  );
}
