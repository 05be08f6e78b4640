import { PlusOutlined } from '@ant-design/icons';
import {
  type EventSource,
  PLATFORMS,
  PROJECT_EVENT_KINDS,
  PROJECT_EVENT_NAME_MAX,
  projectEventProblems,
} from '@marketlens/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Select, Tag, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandPicker } from '../../shared/analysis/BrandPicker.js';
import { analysisMessages } from '../../shared/analysis/messages.js';
import { type CategoryNode, type NamedItem, useCategoryTree } from '../../shared/analysis/reference.js';
import { useLocalName } from '../../shared/analysis/useLocalName.js';
import { registerArea } from '../../shared/i18n/index.js';
import { nameColumn } from '../../shared/ui/DisplayText.js';
import { LazyRangePicker } from '../../shared/ui/LazyRangePicker.js';
import { ScrollTable } from '../../shared/ui/ScrollTable.js';
import { useAction } from '../../shared/ui/useAction.js';
import { projectEventScreenMessages } from './eventMessages.js';
import { eventKeys, eventsApi, type ProjectEvent, type ProjectEventInput } from './eventsApi.js';
import { ProjectFrame, useProjectId } from './ProjectFrame.js';

// The brand picker's strings are the analysis area's; this page may be the first one opened.
registerArea(analysisMessages, projectEventScreenMessages);

/**
 * Widths of the events table: the name (fixed at the left, after the source tag) and the dates come
 * first and the actions stay at the right, so an event reads at 1280 px; the rest scrolls.
 */
const W = { source: 90, name: 280, kind: 110, dates: 210, platforms: 180, about: 180, note: 180, actions: 130 };

/** The phases the demo calendars use (docs/data-format.md §12), by label; other phases are free text, shown as they are. */
const PHASES = ['presale', 'wave', 'peak', 'return', 'lead_in', 'courier_stop', 'recovery', 'gifting'] as const;

const KIND_KEYS: Record<string, string> = Object.fromEntries(
  PROJECT_EVENT_KINDS.map((k) => [k, `eventScreen.kind.${k}`]),
);

/** The years an event touches (a phase may start the year before its edition). */
const yearsOf = (e: Pick<ProjectEvent, 'start_date' | 'end_date'>) => {
  const out: number[] = [];
  for (let y = Number(e.start_date.slice(0, 4)); y <= Number(e.end_date.slice(0, 4)); y++) out.push(y);
  return out;
};

interface FormValues {
  name_zh: string;
  name_en: string;
  code?: string;
  kind?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  platforms?: string[];
  brand_id?: number | null;
  category_id?: number | null;
  note?: string;
}

/** A brand of the project, searched by name, as a form field (value/onChange from Form.Item). */
function BrandField({
  value,
  onChange,
  project,
  current,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  project: number;
  current: NamedItem | undefined;
}) {
  return (
    <BrandPicker
      value={value ?? null}
      current={current?.id === value ? current : undefined}
      onChange={(id) => onChange?.(id)}
      onClear={() => onChange?.(null)}
      project={project}
      width="100%"
    />
  );
}

interface CategoryOption {
  value: number;
  title: string;
  children?: CategoryOption[];
}

/** A category of the project (any level) from its granted tree, as a form field. */
function CategoryField({
  value,
  onChange,
  project,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  project: number;
}) {
  const { t } = useTranslation();
  const local = useLocalName();
  const tree = useCategoryTree([], project);
  const options = useMemo(() => {
    const toOptions = (nodes: readonly CategoryNode[]): CategoryOption[] =>
      nodes.map((n) => {
        const children = toOptions(n.children ?? []);
        return {
          value: n.category_id,
          title: local(n.category_name, n.category_name_en),
          ...(children.length ? { children } : {}),
        };
      });
    return toOptions(tree.data ?? []);
  }, [tree.data, local]);
  return (
    <TreeSelect<number>
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      treeData={options}
      loading={tree.isFetching}
      showSearch
      treeNodeFilterProp="title"
      allowClear
      placeholder={t('eventScreen.categoryPlaceholder')}
      aria-label={t('eventScreen.field.category_id')}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
      data-testid="event-category"
    />
  );
}

/**
 * A project's events calendar: the dataset's calendar (read-only) and the project's own events, by
 * start date, filtered by year and kind. Those who may write (the server says so: `can_edit`) add,
 * change and delete the project's own events.
 */
export default function ProjectEventsPage() {
  const { t, i18n } = useTranslation();
  const id = useProjectId();
  const queryClient = useQueryClient();
  const en = i18n.language === 'en';
  const events = useQuery({ queryKey: eventKeys.list(id), queryFn: ({ signal }) => eventsApi.list(id, signal) });
  const items = events.data?.items ?? [];
  const canEdit = events.data?.can_edit ?? false;
  const years = useMemo(() => [...new Set(items.flatMap(yearsOf))].sort((a, b) => b - a), [items]);
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState<number | 'all' | undefined>(undefined);
  // The current year when it has events, else every year, until the user picks one.
  const shownYear = year ?? (years.includes(thisYear) ? thisYear : 'all');
  const [kind, setKind] = useState<string>('all');
  const shown = items.filter(
    (e) => (shownYear === 'all' || yearsOf(e).includes(shownYear)) && (kind === 'all' || e.kind === kind),
  );
  const kindLabel = (k: string) => (KIND_KEYS[k] ? t(KIND_KEYS[k] as 'eventScreen.kind.other') : k);
  const platformName = (code: string) => {
    const p = PLATFORMS.find((x) => x.code === code);
    return p ? (en ? p.name_en : p.name_zh) : code;
  };
  const phaseLabel = (p: string) =>
    (PHASES as readonly string[]).includes(p) ? t(`eventScreen.phase.${p as (typeof PHASES)[number]}`) : p;
  const nameOf = (e: ProjectEvent) => (en ? e.name_en : e.name_zh) || e.name_zh || e.name_en;

  const [editing, setEditing] = useState<{ event?: ProjectEvent } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventKeys.list(id) });
  const remove = useAction(
    async (eventId: number) => {
      await eventsApi.remove(id, eventId);
      await refresh();
    },
    { success: t('common.removed') },
  );

  const sourceTag = (s: EventSource) => (
    <Tag color={s === 'dataset' ? 'default' : 'blue'}>{t(`eventScreen.source.${s}`)}</Tag>
  );

  return (
    <ProjectFrame>
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('eventScreen.subtitle')}</Typography.Text>
        <Flex gap={12} wrap align="center">
          <Select
            aria-label={t('eventScreen.filter.year')}
            data-testid="filter-year"
            style={{ width: 140 }}
            value={shownYear}
            onChange={setYear}
            options={[
              { value: 'all', label: t('eventScreen.filter.allYears') },
              ...years.map((y) => ({ value: y, label: String(y) })),
            ]}
          />
          <Select
            aria-label={t('eventScreen.filter.kind')}
            data-testid="filter-kind"
            style={{ width: 160 }}
            value={kind}
            onChange={setKind}
            options={[
              { value: 'all', label: t('eventScreen.filter.allKinds') },
              ...PROJECT_EVENT_KINDS.map((k) => ({ value: k, label: kindLabel(k) })),
            ]}
          />
          <Flex flex={1} justify="flex-end">
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="add-event">
                {t('eventScreen.add')}
              </Button>
            )}
          </Flex>
        </Flex>
        <ScrollTable<ProjectEvent>
          rowKey={(e) => (e.source === 'project' ? `p${e.id}` : `d${e.code}-${e.year}-${e.phase}-${e.start_date}`)}
          loading={events.isPending}
          dataSource={shown}
          locale={{ emptyText: t('eventScreen.empty') }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: Object.values(W).reduce((a, b) => a + b, 0) }}
          size="middle"
          columns={[
            {
              key: 'source',
              title: t('eventScreen.col.source'),
              width: W.source,
              fixed: 'left',
              render: (_, e) => sourceTag(e.source),
            },
            {
              ...nameColumn<ProjectEvent>({
                key: 'name',
                title: t('eventScreen.col.name'),
                text: nameOf,
                width: W.name,
              }),
              fixed: 'left',
            },
            { key: 'kind', title: t('eventScreen.col.kind'), width: W.kind, render: (_, e) => kindLabel(e.kind) },
            {
              key: 'dates',
              title: t('eventScreen.col.dates'),
              width: W.dates,
              render: (_, e) => (
                <Flex vertical>
                  <span>{e.start_date === e.end_date ? e.start_date : `${e.start_date} ~ ${e.end_date}`}</span>
                  {e.phase && e.phase !== 'main' && (
                    <Typography.Text type="secondary">
                      {t('eventScreen.phase', { phase: phaseLabel(e.phase) })}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              key: 'platforms',
              title: t('eventScreen.col.platforms'),
              width: W.platforms,
              render: (_, e) =>
                e.platforms.length === 0
                  ? t('eventScreen.allPlatforms')
                  : e.platforms.map(platformName).join(en ? ', ' : '、'),
            },
            {
              key: 'about',
              title: t('eventScreen.col.about'),
              width: W.about,
              render: (_, e) =>
                [
                  e.brand_id === null ? '' : (en ? e.brand_name_en : e.brand_name_zh) || String(e.brand_id),
                  e.category_id === null ? '' : (en ? e.category_name_en : e.category_name_zh) || String(e.category_id),
                ]
                  .filter(Boolean)
                  .join(' / ') || '-',
            },
            { key: 'note', title: t('eventScreen.col.note'), width: W.note, render: (_, e) => e.note || '-' },
            {
              key: 'actions',
              title: t('common.actions'),
              width: W.actions,
              fixed: 'right',
              render: (_, e) =>
                e.source === 'project' && canEdit ? (
                  <Flex>
                    <Button type="link" onClick={() => setEditing({ event: e })}>
                      {t('common.edit')}
                    </Button>
                    <Popconfirm title={t('eventScreen.confirmDelete')} onConfirm={() => remove.run(e.id!)}>
                      <Button type="link" danger>
                        {t('common.remove')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ) : e.source === 'dataset' ? (
                  <Typography.Text type="secondary" title={t('eventScreen.readOnly')}>
                    -
                  </Typography.Text>
                ) : null,
            },
          ]}
        />
      </Flex>
      {editing && (
        <EventModal
          projectId={id}
          event={editing.event}
          kindLabel={kindLabel}
          platformName={platformName}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </ProjectFrame>
  );
}

function EventModal({
  projectId,
  event,
  kindLabel,
  platformName,
  onClose,
  onSaved,
}: {
  projectId: number;
  event: ProjectEvent | undefined;
  kindLabel: (k: string) => string;
  platformName: (code: string) => string;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useAction(
    async (input: ProjectEventInput) => {
      if (event?.id) await eventsApi.update(projectId, event.id, input);
      else await eventsApi.create(projectId, input);
      await onSaved();
    },
    { errors: 'inline', success: t('common.saved') },
  );
  const initial: FormValues = event
    ? {
        name_zh: event.name_zh,
        name_en: event.name_en,
        code: event.code ?? '',
        kind: event.kind,
        dates: [dayjs(event.start_date), dayjs(event.end_date)],
        platforms: event.platforms,
        brand_id: event.brand_id,
        category_id: event.category_id,
        note: event.note,
      }
    : { name_zh: '', name_en: '', platforms: [] };

  const submit = (v: FormValues) => {
    const [start, end] = v.dates ?? [null, null];
    if (!start || !end) {
      form.setFields([{ name: 'dates', errors: [t('eventScreen.datesRequired')] }]);
      return;
    }
    const input: ProjectEventInput = {
      code: v.code?.trim() ? v.code.trim() : null,
      name_zh: v.name_zh ?? '',
      name_en: v.name_en ?? '',
      kind: v.kind ?? '',
      start_date: start.format('YYYY-MM-DD'),
      end_date: end.format('YYYY-MM-DD'),
      platforms: v.platforms ?? [],
      brand_id: v.brand_id ?? null,
      category_id: v.category_id ?? null,
      note: v.note ?? '',
    };
    // The server's rules, checked here first so each refusal shows at its field.
    const problems = projectEventProblems(input);
    if (problems.length > 0) {
      const field = (f: string) => (f === 'start_date' || f === 'end_date' ? 'dates' : f);
      form.setFields(problems.map((p) => ({ name: field(p.field) as keyof FormValues, errors: [t(p.key, p.params)] })));
      return;
    }
    void save.run(input);
  };

  const currentBrand =
    event && event.brand_id !== null
      ? { id: event.brand_id, name: event.brand_name_zh || String(event.brand_id), name_en: event.brand_name_en }
      : undefined;
  return (
    <Modal
      open
      title={event ? t('eventScreen.edit') : t('eventScreen.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.busy}
      width={640}
      destroyOnHidden
    >
      {save.error && <Alert type="error" showIcon message={save.error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="event-form">
        <Flex gap={12}>
          <Form.Item name="name_zh" label={t('eventScreen.field.name_zh')} style={{ flex: 1 }}>
            <Input maxLength={PROJECT_EVENT_NAME_MAX + 20} />
          </Form.Item>
          <Form.Item name="name_en" label={t('eventScreen.field.name_en')} style={{ flex: 1 }}>
            <Input maxLength={PROJECT_EVENT_NAME_MAX + 20} />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item
            name="kind"
            label={t('eventScreen.field.kind')}
            style={{ flex: 1 }}
            rules={[{ required: true, message: t('eventScreen.kindRequired') }]}
          >
            <Select options={PROJECT_EVENT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} />
          </Form.Item>
          <Form.Item name="code" label={t('eventScreen.field.code')} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Flex>
        <Form.Item name="dates" label={t('eventScreen.field.dates')}>
          <LazyRangePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item name="platforms" label={t('eventScreen.field.platforms')}>
          <Select mode="multiple" options={PLATFORMS.map((p) => ({ value: p.code, label: platformName(p.code) }))} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="brand_id" label={t('eventScreen.field.brand_id')} style={{ flex: 1, minWidth: 0 }}>
            <BrandField project={projectId} current={currentBrand} />
          </Form.Item>
          <Form.Item name="category_id" label={t('eventScreen.field.category_id')} style={{ flex: 1, minWidth: 0 }}>
            <CategoryField project={projectId} />
          </Form.Item>
        </Flex>
        <Form.Item name="note" label={t('eventScreen.field.note')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
