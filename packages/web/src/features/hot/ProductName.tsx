import type { HotProduct } from '@marketlens/shared/contracts';
import { Flex, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { LinkedName, useLocalName } from '../../shared/analysis/index.js';
import { DisplayText } from '../../shared/ui/DisplayText.js';
import { ProductPicture } from './ProductPicture.js';

/**
 * A name in a narrow cell wraps between words (a Chinese name between characters), never inside a
 * Latin word or a figure ("Xingbei Crys-tal", "30-ml"); it is cut to its budget first, the whole name on hover.
 */
const WHOLE_WORDS: CSSProperties = { overflowWrap: 'normal', wordBreak: 'normal' };

/** The product's title (a link to its platform page where one is known, docs/product.md §9) and brand · platform. */
export function ProductName({ product, picture = 40 }: { product: HotProduct; picture?: number | false }) {
  const local = useLocalName();
  const title = local(product.title, product.title_en);
  const meta = [local(product.brand, product.brand_en), local(product.platform_name, product.platform_name_en)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Flex align="center" gap={10} style={{ minWidth: 0 }}>
      {picture !== false && <ProductPicture src={product.picture} alt={title} size={picture} />}
      <Flex vertical style={{ minWidth: 0 }}>
        <LinkedName text={title} href={product.link} style={WHOLE_WORDS} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <DisplayText text={meta} style={WHOLE_WORDS} />
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
  return <DisplayText text={local(item.name, item.name_en)} style={WHOLE_WORDS} />;
}
