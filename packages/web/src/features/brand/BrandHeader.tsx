import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { BrandInfo } from '@marketlens/shared/contracts';
import { Avatar, Button, Card, Divider, Flex, Popover, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colorAt, FOLLOW_FAILED, useFormatters, useNameOf } from '../../shared/analysis/index.js';
import { useAction } from '../../shared/ui/useAction.js';
import { useFollow } from './data.js';

/** Categories listed in the header before "等 n 个品类" (n all of them) / "and n more". */
const SHOWN_CATEGORIES = 3;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <Typography.Text strong data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {children}
      </Typography.Text>
    </Flex>
  );
}

/** Follow / unfollow (the project's favourite brands), the state from the header's `followed`. */
function FollowButton({ info }: { info: BrandInfo }) {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const follow = useFollow(info.brand_id);
  const action = useAction(follow, {
    success: (followed) =>
      followed ? t('brand.follow.done', { name: nameOf(info) }) : t('brand.follow.undone', { name: nameOf(info) }),
    quietFailure: t(FOLLOW_FAILED),
  });
  return (
    <Button
      type={info.followed ? 'default' : 'primary'}
      icon={info.followed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      loading={action.busy}
      onClick={() => void action.run(!info.followed)}
      aria-pressed={info.followed}
      data-testid="brand-follow"
    >
      {info.followed ? t('brand.follow.following') : t('brand.follow.follow')}
    </Button>
  );
}

/** The brand's identity: names, where and since when it sells, and the follow button. */
export function BrandHeader({ info }: { info: BrandInfo }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const fmt = useFormatters();
  const nameOf = useNameOf();
  const name = nameOf(info);
  const other = en ? info.name : info.name_en;
  const pathOf = (c: BrandInfo['categories'][number]) => (en ? c.path_en || c.path : c.path || c.path_en);
  const shown = info.categories.slice(0, SHOWN_CATEGORIES);
  const rest = info.categories.slice(SHOWN_CATEGORIES);
  const period =
    info.first_period && info.last_period
      ? t('brand.header.periodRange', { start: fmt.period(info.first_period), end: fmt.period(info.last_period) })
      : '-';

  return (
    <Card variant="borderless" styles={{ body: { padding: '20px 24px' } }} data-testid="brand-header">
      <Flex gap={20} align="flex-start" wrap>
        <Avatar
          shape="square"
          size={64}
          style={{ background: colorAt(0), fontSize: 28, flex: 'none', borderRadius: 12 }}
          aria-hidden
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Flex vertical gap={10} style={{ flex: 1, minWidth: 280 }}>
          <Flex align="baseline" gap={12} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="brand-name">
              {name}
            </Typography.Title>
            {other && other !== name && <Typography.Text type="secondary">{other}</Typography.Text>}
            {info.limited && <Tag color="gold">{t('brand.header.limited')}</Tag>}
          </Flex>
          <Flex gap={6} wrap align="center">
            {info.platforms.map((p) => (
              <Tag key={p.platform_id} color="blue" style={{ marginInlineEnd: 0 }}>
                {nameOf(p)}
              </Tag>
            ))}
          </Flex>
          <Flex gap={6} wrap align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('brand.header.categories')}
            </Typography.Text>
            {shown.map((c) => (
              <Tag key={c.category_id} style={{ marginInlineEnd: 0 }} title={pathOf(c)}>
                {nameOf(c)}
              </Tag>
            ))}
            {rest.length > 0 && (
              <Popover
                content={
                  <Flex vertical gap={4} style={{ maxWidth: 360 }}>
                    {info.categories.map((c) => (
                      <Typography.Text key={c.category_id}>{pathOf(c)}</Typography.Text>
                    ))}
                  </Flex>
                }
              >
                <Typography.Link style={{ fontSize: 12 }}>
                  {t('brand.header.moreCategories', { count: rest.length, total: info.categories.length })}
                </Typography.Link>
              </Popover>
            )}
            {info.categories.length === 0 && <Typography.Text type="secondary">-</Typography.Text>}
          </Flex>
        </Flex>
        <Flex gap={24} align="center" wrap style={{ marginLeft: 'auto' }}>
          <Fact label={t('brand.header.period')}>{period}</Fact>
          <Divider orientation="vertical" style={{ height: 36 }} />
          <Fact label={t('brand.header.skus')} testId="brand-sku-count">
            {fmt.count(info.sku_count)}
          </Fact>
          <Divider orientation="vertical" style={{ height: 36 }} />
          <Fact label={t('brand.header.shops')}>{fmt.count(info.shop_count)}</Fact>
          <FollowButton info={info} />
        </Flex>
      </Flex>
    </Card>
  );
}
