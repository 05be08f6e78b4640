import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditOutcome, auditActionKey, isAuditAction } from '@marketlens/shared';
import type { AuditEntry } from '@marketlens/shared/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { registerArea } from '../../shared/i18n/index.js';
import { FileDownloadButton } from '../../shared/ui/FileDownloadButton.js';
import { LazyRangePicker } from '../../shared/ui/LazyRangePicker.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { type AuditParams, auditApi, auditKeys } from './api.js';
import { auditScreenMessages } from './messages.js';
import { AUDIT_PAGE_SIZE, auditFilters, auditSearch, parseAuditParams } from './params.js';

registerArea(auditScreenMessages);

const OUTCOME_COLOR: Record<AuditOutcome, string> = { success: 'green', failure: 'orange', denied: 'red' };

/**
 * /audit: the audit trail (root; administrators see the entries of their projects — the server
 * decides). Every filter and the page live in the address; the download takes the same filters.
 */
export default function AuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseAuditParams(search), [search]);
  const set = (patch: Partial<AuditParams>) => setSearch(auditSearch({ ...params, page: undefined, ...patch }));
  const list = useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => auditApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
  const actionLabel = (code: string) => (isAuditAction(code) ? t(auditActionKey(code)) : code);
  const range: [Dayjs | null, Dayjs | null] = [
    params.from ? dayjs(params.from) : null,
    params.to ? dayjs(params.to) : null,
  ];

  return (
    <PageFrame
      title={t('route.audit')}
      subtitle={t('auditScreen.subtitle')}
      extra={
        <FileDownloadButton
          size="middle"
          fileName={t('auditScreen.fileName')}
          fetchFile={(signal) => auditApi.download(auditFilters(params), signal)}
        />
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={12} wrap data-testid="audit-filters">
          <Input.Search
            key={`actor-${params.actor ?? ''}`}
            allowClear
            defaultValue={params.actor}
            placeholder={t('auditScreen.filter.actor')}
            onSearch={(v) => set({ actor: v.trim() || undefined })}
            style={{ width: 200 }}
            data-testid="audit-actor"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={params.action}
            placeholder={t('auditScreen.filter.action')}
            aria-label={t('auditScreen.filter.action')}
            style={{ width: 260 }}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
            onChange={(v?: string) => set({ action: v && isAuditAction(v) ? v : undefined })}
            data-testid="audit-action"
          />
          <Input.Search
            key={`target-${params.target ?? ''}`}
            allowClear
            defaultValue={params.target}
            placeholder={t('auditScreen.filter.target')}
            onSearch={(v) => set({ target: v.trim() || undefined })}
            style={{ width: 220 }}
            data-testid="audit-target"
          />
          <Select
            allowClear
            value={params.outcome}
            placeholder={t('auditScreen.filter.outcome')}
            aria-label={t('auditScreen.filter.outcome')}
            style={{ width: 140 }}
            options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcome.${o}`) }))}
            onChange={(v?: AuditOutcome) => set({ outcome: v })}
            data-testid="audit-outcome"
          />
          <LazyRangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={range}
            allowEmpty={[true, true]}
            placeholder={[t('auditScreen.filter.from'), t('auditScreen.filter.to')]}
            onChange={(r) =>
              set({
                from: r?.[0]?.toDate().toISOString() ?? undefined,
                to: r?.[1]?.toDate().toISOString() ?? undefined,
              })
            }
            data-testid="audit-range"
          />
          <Button onClick={() => setSearch(new URLSearchParams())} data-testid="audit-reset">
            {t('auditScreen.filter.reset')}
          </Button>
        </Flex>
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          scroll={{ x: 1100 }}
          data-testid="audit-table"
          pagination={{
            current: params.page ?? 1,
            pageSize: params.page_size ?? AUDIT_PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('common.total', { total }),
            onChange: (page, page_size) =>
              setSearch(
                auditSearch({ ...params, page, page_size: page_size === AUDIT_PAGE_SIZE ? undefined : page_size }),
              ),
          }}
          columns={[
            {
              title: t('audit.col.at'),
              dataIndex: 'at',
              width: 170,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('audit.col.actor'),
              dataIndex: 'username',
              width: 140,
              render: (v: string) => v || <Typography.Text type="secondary">{t('auditScreen.noUser')}</Typography.Text>,
            },
            {
              title: t('audit.col.action'),
              dataIndex: 'action',
              render: (v: string) => (
                <>
                  {actionLabel(v)}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {v}
                  </Typography.Text>
                </>
              ),
            },
            { title: t('audit.col.target'), dataIndex: 'target', width: 200, ellipsis: true },
            {
              title: t('audit.col.outcome'),
              dataIndex: 'outcome',
              width: 100,
              render: (v: AuditOutcome) => <Tag color={OUTCOME_COLOR[v]}>{t(`audit.outcome.${v}`)}</Tag>,
            },
            { title: t('audit.col.ip'), dataIndex: 'ip', width: 130 },
            {
              title: t('audit.col.detail'),
              dataIndex: 'detail',
              ellipsis: true,
              render: (v: unknown) =>
                v === null || v === undefined ? '-' : <Typography.Text code>{JSON.stringify(v)}</Typography.Text>,
            },
          ]}
        />
      </Flex>
    </PageFrame>
  );
}
