import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Popconfirm, Space, Steps, Table, Tabs, Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { RowReport } from '../../shared/ui/RowReport.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type Attribute, projectKeys, projectsApi } from './api.js';
import { BandsEditor } from './BandsEditor.js';
import { ProjectFrame, useProjectId } from './ProjectFrame.js';

/**
 * Which dataset attributes the project's filters offer, in which order and under which titles.
 * Changes go through the server's draft: save the draft, read its check, then apply or discard it,
 * so a half-made configuration never reaches the members' filters.
 */
function AttributeConfig({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const en = currentLocale() === 'en';
  const data = useQuery({
    queryKey: projectKeys.attributes(projectId),
    queryFn: ({ signal }) => projectsApi.attributes(projectId, signal),
  });
  const draft = useQuery({
    queryKey: projectKeys.attributeDraft(projectId),
    queryFn: ({ signal }) => projectsApi.attributeDraft(projectId, signal),
  });
  const [chosen, setChosen] = useState<Attribute[]>([]);
  const pending = draft.data?.pending === true;
  // The editor starts from the pending draft when there is one, else from the configuration in force.
  useEffect(() => {
    if (draft.data?.pending) setChosen(draft.data.attributes);
    else if (data.data && draft.data) setChosen(data.data.items);
  }, [data.data, draft.data]);
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
  const step = !pending ? 0 : draft.data?.valid ? 2 : 1;
  return (
    <Flex vertical gap={16}>
      <Steps
        size="small"
        current={step}
        status={pending && !draft.data?.valid ? 'error' : 'process'}
        items={[
          { title: t('attributes.stepEdit') },
          { title: t('attributes.stepCheck') },
          { title: t('attributes.stepApply') },
        ]}
      />
      {pending && draft.data && (
        <Alert
          type={draft.data.valid ? 'success' : 'warning'}
          showIcon
          data-testid="attribute-draft"
          title={t('attributes.draftPending', { count: draft.data.attributes.length })}
          description={
            <Flex vertical gap={12}>
              {draft.data.valid ? (
                <span>{t('attributes.draftValid')}</span>
              ) : (
                <RowReport
                  hint={t('attributes.draftInvalid')}
                  report={draft.data}
                  rows={draft.data.attributes.map((a) => ({ name: a.name, title: a.title, title_en: a.title_en }))}
                  columns={['name', 'title', 'title_en']}
                  columnLabel={(c) =>
                    c === 'name'
                      ? t('attributes.name')
                      : c === 'title'
                        ? t('attributes.title')
                        : t('attributes.titleEn')
                  }
                />
              )}
              <Space>
                <Button
                  type="primary"
                  disabled={!draft.data.valid}
                  loading={apply.busy}
                  onClick={() => apply.run()}
                  data-testid="attribute-apply"
                >
                  {t('attributes.apply')}
                </Button>
                <Popconfirm title={t('attributes.confirmDiscard')} onConfirm={() => discard.run()}>
                  <Button loading={discard.busy} data-testid="attribute-discard">
                    {t('attributes.discard')}
                  </Button>
                </Popconfirm>
              </Space>
            </Flex>
          }
        />
      )}
      <Transfer
        dataSource={available.map((a) => ({ key: a.name, title: `${en ? a.title_en : a.title} (${a.name})` }))}
        targetKeys={chosen.map((c) => c.name)}
        titles={[t('attributes.available'), t('attributes.chosen')]}
        render={(item) => item.title}
        listStyle={{ width: 320, height: 320 }}
        showSearch
        onChange={(keys) =>
          setChosen(
            keys
              .map(String)
              .map(
                (k) => chosen.find((c) => c.name === k) ?? { ...(byName.get(k) ?? { name: k, title: k, title_en: k }) },
              ),
          )
        }
      />
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
            render: (_, a) => <Input value={a.title} onChange={(e) => setTitle(a.name, 'title', e.target.value)} />,
          },
          {
            title: t('attributes.titleEn'),
            render: (_, a) => (
              <Input value={a.title_en} onChange={(e) => setTitle(a.name, 'title_en', e.target.value)} />
            ),
          },
        ]}
      />
      <div>
        <Button
          type="primary"
          loading={saveDraft.busy}
          onClick={() => saveDraft.run()}
          data-testid="attribute-save-draft"
        >
          {t('attributes.saveDraft')}
        </Button>
      </div>
    </Flex>
  );
}

/** Attribute management: attribute configuration, price bands and weight bands. */
export default function AttributeManagementPage() {
  const { t } = useTranslation();
  const id = useProjectId();
  return (
    <ProjectFrame bare>
      <Card variant="borderless">
        <Tabs
          items={[
            { key: 'attributes', label: t('attributes.tab'), children: <AttributeConfig projectId={id} /> },
            { key: 'price', label: t('bands.priceTab'), children: <BandsEditor projectId={id} kind="price" /> },
            { key: 'weight', label: t('bands.weightTab'), children: <BandsEditor projectId={id} kind="weight" /> },
          ]}
        />
      </Card>
    </ProjectFrame>
  );
}
