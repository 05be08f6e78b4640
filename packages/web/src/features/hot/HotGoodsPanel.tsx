import { ReloadOutlined } from '@ant-design/icons';
import type { HotGood } from '@marketlens/shared/contracts';
import { HOT_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelCard, panelState, useAnalysisQuery, useFormatters, useLocalName } from '../../shared/analysis/index.js';
import { ProductPicture } from './ProductPicture.js';

/** A seed for the server's sample: the same seed shows the same 20 again (filter changes keep it). */
const newSeed = () => Math.floor(Math.random() * 2_147_483_647);

/** docs/product.md §9 "hot goods random from top 1000": 20 cards, another 20 on refresh. */
export function HotGoodsPanel() {
  const { t } = useTranslation();
  const [seed, setSeed] = useState(newSeed);
  const q = useAnalysisQuery(HOT_ENDPOINTS.goods, { seed });
  const data = q.data;
  return (
    <PanelCard
      title={t('hot.goods.title')}
      definitions={['hot_goods', 'sales', 'share']}
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => setSeed(newSeed())}
          loading={q.isFetching && data !== undefined}
          data-testid="hot-goods-refresh"
        >
          {t('hot.goods.refresh')}
        </Button>
      }
      subject={t('hot.goods.subject')}
      minHeight={360}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready)}
      empty={data?.items.length === 0}
    >
      {data && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('hot.goods.note', { pool: data.pool, count: data.items.length })}
          </Typography.Text>
          <div
            data-testid="hot-goods"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 }}
          >
            {data.items.map((g) => (
              <HotGoodCard key={g.sku_id} good={g} />
            ))}
          </div>
        </Flex>
      )}
    </PanelCard>
  );
}

function HotGoodCard({ good }: { good: HotGood }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const local = useLocalName();
  const title = local(good.title, good.title_en);
  const meta = [local(good.brand, good.brand_en), local(good.platform_name, good.platform_name_en)]
    .filter(Boolean)
    .join(' · ');
  const figure = (label: string, value: string, testId?: string) => (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Typography.Text>
    </Flex>
  );
  return (
    <Flex
      vertical
      gap={8}
      data-testid="hot-good"
      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, minWidth: 0, background: '#fff' }}
    >
      <div style={{ position: 'relative' }}>
        <ProductPicture src={good.picture} alt={title} size="100%" />
        <Tag color={good.rank <= 10 ? 'red' : 'blue'} style={{ position: 'absolute', top: 8, left: 8, margin: 0 }}>
          {t('hot.goods.rank', { rank: good.rank })}
        </Tag>
      </div>
      <div style={{ minHeight: 44 }}>
        {good.link ? (
          <Typography.Link
            href={good.link}
            target="_blank"
            rel="noopener noreferrer"
            title={`${title} — ${t('hot.goods.open')}`}
            style={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {title}
          </Typography.Link>
        ) : (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: title }} style={{ margin: 0 }}>
            {title}
          </Typography.Paragraph>
        )}
      </div>
      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
        {meta}
      </Typography.Text>
      <Flex justify="space-between" gap={8}>
        {figure(t('hot.col.price'), f.money(good.price, good.price < 10 ? 2 : undefined))}
        {figure(t('hot.col.sales'), f.money(good.sales), 'hot-good-sales')}
        {figure(t('hot.col.share'), f.shareRatio(good.share))}
      </Flex>
    </Flex>
  );
}
