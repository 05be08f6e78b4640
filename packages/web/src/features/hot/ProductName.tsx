import type { HotProduct } from '@marketlens/shared/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocalName } from '../../shared/analysis/index.js';
import { ProductPicture } from './ProductPicture.js';

/** The product's title (a link to its platform page where one is known, spec §9) and brand · platform. */
export function ProductName({ product, picture = 40 }: { product: HotProduct; picture?: number | false }) {
  const { t } = useTranslation();
  const local = useLocalName();
  const title = local(product.title, product.title_en);
  const meta = [local(product.brand, product.brand_en), local(product.platform_name, product.platform_name_en)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      {picture !== false && <ProductPicture src={product.picture} alt={title} size={picture} />}
      <Flex vertical style={{ minWidth: 0 }}>
        {product.link ? (
          <Typography.Link
            href={product.link}
            target="_blank"
            rel="noopener noreferrer"
            ellipsis
            title={`${title} — ${t('hot.goods.open')}`}
          >
            {title}
          </Typography.Link>
        ) : (
          <Typography.Text ellipsis={{ tooltip: title }}>{title}</Typography.Text>
        )}
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {meta}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** A ranked row's name: the product (title, link, brand · platform) when it is one, else the local name. */
export function RankedName({
  item,
}: {
  item: { name: string; name_en: string; product?: HotProduct | null | undefined };
}) {
  const local = useLocalName();
  if (item.product) return <ProductName product={item.product} picture={32} />;
  const name = local(item.name, item.name_en);
  return <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>;
}
