import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Steps,
  Table,
  Tabs,
  Tag,
  Transfer,
  Typography,
} from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { LeaveGuard } from '../../shared/ui/LeaveGuard.js';
import { RowReport } from '../../shared/ui/RowReport.js';
import { useAction } from '../../shared/ui/useAction.js';
import { useTransferLabels } from '../../shared/ui/useTransferLabels.js';
import { type Attribute, projectKeys, projectsApi } from './api.js';
import { ProjectFrame, useProjectId } from './ProjectFrame.js';

// The band editors are on the second and third tab: their code (InputNumber …) loads when one opens.
const BandsEditor = lazy(() => import('./BandsEditor.js').then((m) => ({ default: m.BandsEditor })));

/** An attribute as the editor and the draft check compare it: code and titles. */
const plain = (list: readonly Attribute[]) => list.map(({ name, title, title_en }) => ({ name, title, title_en }));
const sameAttributes = (a: readonly Attribute[], b: readonly Attribute[]) =>
  JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * The chosen list after the transfer: the attributes kept stay in their order (it is the filters'
 * order) and newly added ones go to the end, with the dataset's titles.
 */
function withKeys(chosen: readonly Attribute[], keys: readonly string[], known: ReadonlyMap<string, Attribute>) {
  const keep = new Set(keys);
  const added = keys.filter((k) => !chosen.some((c) => c.name === k));
  return [
    ...chosen.filter((c) => keep.has(c.name)),
    ...added.map((k) => ({ ...(known.get(k) ?? { name: k, title: k, title_en: k }) })),
  ];
}

/** The pending draft and the server's check of it (one query for the tab badge and the editor). */
function useAttributeDraft(projectId: number) {
  return useQuery({
    queryKey: projectKeys.attributeDraft(projectId),
    queryFn: ({ signal }) => projectsApi.attributeDraft(projectId, signal),
  });
}

/**
 * Which dataset attributes the project's filters offer, in which order and under which titles.
 * Changes go through the server's draft in steps: edit, save the draft (the server checks it item by
 * item), then apply or discard it — so a half-made configuration never reaches the members' filters.
 */
function AttributeConfig({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const en = currentLocale() === 'en';
  const data = useQuery({
    queryKey: projectKeys.attributes(projectId),
    queryFn: ({ signal }) => projectsApi.attributes(projectId, signal),
  });
  const draft = useAttributeDraft(projectId);
  const [chosen, setChosen] = useState<Attribute[]>([]);
  const transfer = useRef<HTMLDivElement>(null);
  useTransferLabels(transfer);
  const pending = draft.data?.pending === true;
  const valid = draft.data?.valid === true;
  // What the editor starts from: the pending draft when there is one, else the configuration in force.
  const baseline = data.data && draft.data ? (draft.data.pending ? draft.data.attributes : data.data.items) : undefined;
  useEffect(() => {
    if (baseline) setChosen(baseline);
  }, [baseline]);
  const dirty = baseline !== undefined && !sameAttributes(chosen, baseline);
  const available = data.data?.available ?? [];
  const byName = new Map(available.map((a) => [a.name, a]));
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.attributes(projectId) });
  const saveDraft = useAction(
    async () => {
      await projectsApi.saveAttributeDraft(
        projectId,
        chosen.map((a, i) => ({ ...a, sort_order: i })),
      );
      await refresh();
    },
    { success: t('attributes.draftSaved') },
  );
  const apply = useAction(
    async () => {
      await projectsApi.saveAttributes(projectId, draft.data?.attributes ?? []);
      await projectsApi.discardAttributeDraft(projectId);
      await refresh();
    },
    { success: t('attributes.applied') },
  );
  const discard = useAction(
    async () => {
      await projectsApi.discardAttributeDraft(projectId);
      await refresh();
    },
    { success: t('attributes.discarded') },
  );
  const setTitle = (name: string, field: 'title' | 'title_en', value: string) =>
    setChosen((cs) => cs.map((c) => (c.name === name ? { ...c, [field]: value } : c)));
  const columnLabel = (c: string) =>
    c === 'name' ? t('attributes.name') : c === 'title' ? t('attributes.title') : t('attributes.titleEn');
  const step = !pending || dirty ? 0 : valid ? 2 : 1;
  return (
    <Flex vertical gap={16}>
      <LeaveGuard when={dirty} message={t('attributes.leaveUnsaved')} />
      <Steps
        size="small"
        current={step}
        status={step === 1 ? 'error' : 'process'}
        data-testid="attribute-steps"
        items={[
          { title: t('attributes.stepEdit'), content: t('attributes.stepEditHint') },
          { title: t('attributes.stepCheck'), content: t('attributes.stepCheckHint') },
          { title: t('attributes.stepApply'), content: t('attributes.stepApplyHint') },
        ]}
      />
      {pending && draft.data ? (
        <Alert
          type={valid ? 'success' : 'warning'}
          showIcon
          data-testid="attribute-draft"
          title={t('attributes.draftPending', { count: draft.data.attributes.length })}
          description={
            <Flex vertical gap={12}>
              <RowReport
                hint={valid ? t('attributes.draftValid') : t('attributes.draftInvalid')}
                report={draft.data}
                rows={plain(draft.data.attributes)}
                columns={['name', 'title', 'title_en']}
                columnLabel={columnLabel}
              />
              {dirty && (
                <Typography.Text type="warning" data-testid="attribute-apply-blocked">
                  {t('attributes.applyNeedsSave')}
                </Typography.Text>
              )}
              <Space>
                <Button
                  type="primary"
                  disabled={!valid || dirty}
                  loading={apply.busy}
                  onClick={() => apply.run()}
                  data-testid="attribute-apply"
                >
                  {t('attributes.apply')}
                </Button>
                <Popconfirm
                  title={t('attributes.confirmDiscard')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => discard.run()}
                >
                  <Button loading={discard.busy} data-testid="attribute-discard">
                    {t('attributes.discard')}
                  </Button>
                </Popconfirm>
              </Space>
            </Flex>
          }
        />
      ) : (
        draft.data && (
          <Typography.Text type="secondary" data-testid="attribute-in-force">
            {t('attributes.inForce')}
          </Typography.Text>
        )
      )}
      <div ref={transfer}>
        <Transfer
          dataSource={available.map((a) => ({ key: a.name, title: `${en ? a.title_en : a.title} (${a.name})` }))}
          targetKeys={chosen.map((c) => c.name)}
          titles={[t('attributes.available'), t('attributes.chosen')]}
          render={(item) => item.title}
          styles={{ section: { flex: 1, height: 320 } }}
          showSearch
          onChange={(keys) => setChosen(withKeys(chosen, keys.map(String), byName))}
        />
      </div>
      <Table<Attribute>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={chosen}
        locale={{ emptyText: t('attributes.none') }}
        columns={[
          { title: t('attributes.name'), dataIndex: 'name', width: 200 },
          {
            title: t('attributes.title'),
            render: (_, a) => (
              <Input
                aria-label={`${t('attributes.title')} ${a.name}`}
                value={a.title}
                onChange={(e) => setTitle(a.name, 'title', e.target.value)}
              />
            ),
          },
          {
            title: t('attributes.titleEn'),
            render: (_, a) => (
              <Input
                aria-label={`${t('attributes.titleEn')} ${a.name}`}
                value={a.title_en}
                onChange={(e) => setTitle(a.name, 'title_en', e.target.value)}
              />
            ),
          },
        ]}
      />
      <Flex gap={12} align="center" wrap>
        <Button
          type="primary"
          loading={saveDraft.busy}
          onClick={() => saveDraft.run()}
          data-testid="attribute-save-draft"
        >
          {t('attributes.saveDraft')}
        </Button>
        {dirty && baseline && (
          <>
            <Tag color="warning" data-testid="attribute-unsaved">
              {t('attributes.unsaved')}
            </Tag>
            <Popconfirm title={t('attributes.confirmRevert')} onConfirm={() => setChosen(baseline)}>
              <Button type="link" data-testid="attribute-revert">
                {t('attributes.revert')}
              </Button>
            </Popconfirm>
          </>
        )}
      </Flex>
    </Flex>
  );
}

/** Attribute management: attribute configuration, price bands and weight bands. */
export default function AttributeManagementPage() {
  const { t } = useTranslation();
  const id = useProjectId();
  const draft = useAttributeDraft(id);
  return (
    <ProjectFrame bare>
      <Card variant="borderless">
        <Tabs
          items={[
            {
              key: 'attributes',
              label: (
                <Badge dot={draft.data?.pending === true} offset={[6, 0]} title={t('attributes.draftBadge')}>
                  {t('attributes.tab')}
                </Badge>
              ),
              children: <AttributeConfig projectId={id} />,
            },
            ...(['price', 'weight'] as const).map((kind) => ({
              key: kind,
              label: t(kind === 'price' ? 'bands.priceTab' : 'bands.weightTab'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <BandsEditor projectId={id} kind={kind} />
                </Suspense>
              ),
            })),
          ]}
        />
      </Card>
    </ProjectFrame>
  );
}
