import { ORDER_STATUSES, type OrderStatus } from '@marketlens/shared';
import type { Order } from '@marketlens/shared/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Input, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerArea } from '../../shared/i18n/index.js';
import { formatDate } from '../../shared/ui/dates.js';
import { LazyRangePicker } from '../../shared/ui/LazyRangePicker.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { ScrollTable } from '../../shared/ui/ScrollTable.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type EnquiryListParams, priceApi, priceKeys } from './api.js';
import { enquiryMessages } from './enquiryMessages.js';
import { money } from './reasons.js';

// An enquiry's cart shows when its row is expanded: its code loads then.
const QuoteView = lazy(() => import('./QuoteView.js').then((m) => ({ default: m.QuoteView })));

registerArea(enquiryMessages);

const STATUS_COLOR: Record<OrderStatus, string> = { new: 'red', contacted: 'blue', closed: 'default' };
/** Column widths (the expand button's column included). */
const W = {
  expand: 48,
  id: 72,
  createdAt: 150,
  enterprise: 180,
  contact: 220,
  requester: 170,
  categories: 110,
  total: 120,
  status: 150,
};
const PAGE_SIZE = 20;

/** /enquiries: the sales team's list of price enquiries (root and admins), their carts and status. */
export default function EnquiriesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useState<EnquiryListParams>({ page: 1, page_size: PAGE_SIZE });
  const set = (patch: Partial<EnquiryListParams>) => setParams((p) => ({ ...p, page: 1, ...patch }));
  const list = useQuery({
    queryKey: priceKeys.enquiries(params),
    queryFn: ({ signal }) => priceApi.enquiries(params, signal),
    placeholderData: keepPreviousData,
  });
  const setStatus = useAction(
    async (id: number, status: OrderStatus) => {
      const r = await priceApi.setStatus(id, status);
      await queryClient.invalidateQueries({ queryKey: ['enquiries'] });
      return r;
    },
    { success: t('enquiries.statusChanged') },
  );
  const statusOptions = ORDER_STATUSES.map((s) => ({ value: s, label: t(`enquiries.status.${s}`) }));

  return (
    <PageFrame title={t('route.enquiries')} subtitle={t('enquiries.subtitle')}>
      <Flex vertical gap={16}>
        <Flex gap={12} wrap>
          <Input.Search
            allowClear
            placeholder={t('enquiries.search')}
            onSearch={(v) => set({ search: v.trim() || undefined })}
            // Wide enough for the whole placeholder in English (it lists what the search looks at).
            style={{ width: 340 }}
            data-testid="enquiry-search"
          />
          <Select
            allowClear
            placeholder={t('enquiries.status')}
            aria-label={t('enquiries.status')}
            style={{ width: 160 }}
            options={statusOptions}
            onChange={(v?: OrderStatus) => set({ status: v })}
            data-testid="enquiry-status-filter"
          />
          <LazyRangePicker
            placeholder={[t('enquiries.from'), t('enquiries.to')]}
            style={{ width: 300 }}
            onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
              set({
                from: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
                to: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
              })
            }
          />
        </Flex>
        <ScrollTable<Order>
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.items ?? []}
          // The number and date at the left and the status at the right stay in view; the rest scrolls.
          scroll={{ x: Object.values(W).reduce((a, b) => a + b, 0) }}
          size="middle"
          data-testid="enquiry-table"
          expandable={{
            fixed: 'left',
            columnWidth: W.expand,
            expandedRowRender: (o) => (
              <Flex vertical gap={12} style={{ maxWidth: 720 }} data-testid={`enquiry-cart-${o.id}`}>
                {o.remark && (
                  <Typography.Paragraph style={{ margin: 0 }}>
                    <Typography.Text strong>{t('enquiries.remark')}: </Typography.Text>
                    {o.remark}
                  </Typography.Paragraph>
                )}
                <Suspense fallback={null}>
                  <QuoteView quote={o.quote} />
                </Suspense>
              </Flex>
            ),
          }}
          pagination={{
            current: params.page ?? 1,
            pageSize: params.page_size ?? PAGE_SIZE,
            total: list.data?.total ?? 0,
            showTotal: (total) => t('common.total', { total }),
            onChange: (page, page_size) => setParams((p) => ({ ...p, page, page_size })),
          }}
          columns={[
            { title: t('enquiries.id'), dataIndex: 'id', width: W.id, fixed: 'left' },
            {
              title: t('enquiries.createdAt'),
              dataIndex: 'created_at',
              width: W.createdAt,
              fixed: 'left',
              render: (v: string) => formatDate(v, true),
            },
            { title: t('enquiries.enterprise'), dataIndex: 'enterprise', width: W.enterprise },
            {
              title: t('enquiries.contact'),
              width: W.contact,
              render: (_, o) => (
                <>
                  {o.email}
                  <br />
                  <Typography.Text type="secondary">{o.telephone}</Typography.Text>
                </>
              ),
            },
            {
              title: t('enquiries.requester'),
              width: W.requester,
              render: (_, o) => (o.user_id ? o.username : <Tag>{t('enquiries.anonymous')}</Tag>),
            },
            {
              title: t('enquiries.categories'),
              width: W.categories,
              render: (_, o) => t('enquiries.categoryCount', { count: o.categories.length }),
            },
            {
              title: t('enquiries.total'),
              dataIndex: 'total',
              width: W.total,
              align: 'right',
              render: (v: number) => money(v),
            },
            {
              title: t('enquiries.status'),
              width: W.status,
              fixed: 'right',
              render: (_, o) => (
                <Select<OrderStatus>
                  size="small"
                  value={o.status}
                  aria-label={t('enquiries.status')}
                  style={{ width: 120 }}
                  data-testid={`enquiry-status-${o.id}`}
                  options={statusOptions.map((s) => ({
                    ...s,
                    label: <Tag color={STATUS_COLOR[s.value]}>{s.label}</Tag>,
                  }))}
                  onChange={(status) => void setStatus.run(o.id, status)}
                />
              ),
            },
          ]}
        />
      </Flex>
    </PageFrame>
  );
}
