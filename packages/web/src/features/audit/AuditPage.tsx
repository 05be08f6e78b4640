import { AUDIT_ACTIONS, AUDIT_OUTCOMES, type AuditOutcome, auditActionKey, isAuditAction } from '@marketlens/shared';
import type { AuditEntry } from '@marketlens/shared/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { registerArea } from '../../shared/i18n/index.js';
import { FileDownloadButton } from '../../shared/ui/FileDownloadButton.js';
import { LazyRangePicker } from '../../shared/ui/LazyRangePicker.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { ScrollTable } from '../../shared/ui/ScrollTable.js';
import { AuditDetail, AuditRawDetail } from './AuditDetail.js';
import { type AuditParams, auditApi, auditKeys } from './api.js';
import { readerOffset } from './detail.js';
import { auditScreenMessages } from './messages.js';
import { AUDIT_PAGE_SIZE, auditFilters, auditSearch, parseAuditParams } from './params.js';

registerArea(auditScreenMessages);

const OUTCOME_COLOR: Record<AuditOutcome, string> = { success: 'green', failure: 'orange', denied: 'red' };
/**
 * Column widths: every column fits 1280 px with the side menu open (the detail takes the rest, at least
 * its minimum); narrower, the time stays at the left and the rest scrolls (docs/web.md "Fits at 1280 px").
 */
const W = { at: 164, actor: 140, action: 190, target: 130, outcome: 96, detail: 240 };

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
  // Rows whose raw JSON is open (under the row, across the table).
  const [rawOpen, setRawOpen] = useState<readonly number[]>([]);
  const toggleRaw = (id: number) => setRawOpen((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));
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
            style={{ width: 340 }}
            data-testid="audit-range"
          />
          <Button onClick={() => setSearch(new URLSearchParams())} data-testid="audit-reset">
            {t('auditScreen.filter.reset')}
          </Button>
        </Flex>
        <ScrollTable<AuditEntry>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          scroll={{ x: Object.values(W).reduce((a, b) => a + b, 0) }}
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: rawOpen,
            expandedRowRender: (r) => <AuditRawDetail detail={r.detail} />,
          }}
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
              // The reader's time zone (the browser's), named in the heading; the download is in UTC.
              title: t('auditScreen.col.at', { zone: readerOffset() }),
              dataIndex: 'at',
              width: W.at,
              fixed: 'left',
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('auditScreen.col.actor'),
              dataIndex: 'username',
              width: W.actor,
              render: (v: string, e) => (
                <Flex vertical>
                  {v || <Typography.Text type="secondary">{t('auditScreen.noUser')}</Typography.Text>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: e.ip }}>
                    {e.ip || '-'}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('audit.col.action'),
              dataIndex: 'action',
              width: W.action,
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
            { title: t('audit.col.target'), dataIndex: 'target', width: W.target, ellipsis: true },
            {
              title: t('audit.col.outcome'),
              dataIndex: 'outcome',
              width: W.outcome,
              render: (v: AuditOutcome) => <Tag color={OUTCOME_COLOR[v]}>{t(`audit.outcome.${v}`)}</Tag>,
            },
            {
              title: t('audit.col.detail'),
              dataIndex: 'detail',
              minWidth: W.detail,
              render: (v: unknown, e) =>
                v === null || v === undefined ? (
                  <Typography.Text type="secondary">-</Typography.Text>
                ) : (
                  <Flex vertical gap={2} align="flex-start">
                    <AuditDetail detail={v} />
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0, height: 'auto', fontSize: 12 }}
                      aria-expanded={rawOpen.includes(e.id)}
                      onClick={() => toggleRaw(e.id)}
                      data-testid={`audit-raw-${e.id}`}
                    >
                      {rawOpen.includes(e.id) ? t('auditScreen.json.hide') : t('auditScreen.json.show')}
                    </Button>
                  </Flex>
                ),
            },
          ]}
        />
      </Flex>
    </PageFrame>
  );
}
