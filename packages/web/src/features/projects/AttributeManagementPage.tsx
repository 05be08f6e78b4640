import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Table, Tabs, Transfer } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { errorText } from '../../shared/ui/errors.js';
import { useFeedback } from '../../shared/ui/feedback.js';
import { type Attribute, projectKeys, projectsApi } from './api.js';
import { BandsEditor } from './BandsEditor.js';
import { ProjectFrame, useProjectId } from './ProjectFrame.js';

/** Which dataset attributes the project's filters offer, in which order and under which titles. */
function AttributeConfig({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const en = currentLocale() === 'en';
  const data = useQuery({
    queryKey: projectKeys.attributes(projectId),
    queryFn: ({ signal }) => projectsApi.attributes(projectId, signal),
  });
  const [chosen, setChosen] = useState<Attribute[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data.data) setChosen(data.data.items);
  }, [data.data]);
  const available = data.data?.available ?? [];
  const byName = new Map(available.map((a) => [a.name, a]));
  const save = async () => {
    setBusy(true);
    try {
      await projectsApi.saveAttributes(
        projectId,
        chosen.map((a, i) => ({ ...a, sort_order: i })),
      );
      void message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: projectKeys.attributes(projectId) });
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  const setTitle = (name: string, field: 'title' | 'title_en', value: string) =>
    setChosen((cs) => cs.map((c) => (c.name === name ? { ...c, [field]: value } : c)));
  return (
    <Flex vertical gap={16}>
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
        <Button type="primary" loading={busy} onClick={save}>
          {t('common.save')}
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
