import type { PriceCategory } from '@marketlens/shared/contracts';
import { Alert, Button, Card, Col, Empty, Flex, Input, Row, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerArea } from '../../shared/i18n/index.js';
import { CartCard } from './CartCard.js';
import { CART_PARAM, cartParam, type PickerNode, pickerTree, sellable, toggle } from './cart.js';
import { useCart, useCatalog } from './data.js';
import { priceMessages } from './messages.js';
import { useNameOf } from './QuoteView.js';
import { money } from './reasons.js';

registerArea(priceMessages);

function keysOf(nodes: readonly PickerNode[]): number[] {
  return nodes.flatMap((n) => [n.key, ...keysOf(n.children)]);
}

/** /price/goods: the category picker (levels 2 and 3, both languages, search) and the cart with its price. */
export default function PriceGoodsPage() {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const [rawCart, setCart] = useCart();
  const [search, setSearch] = useState('');
  const categories = catalog.data?.categories ?? [];
  const cart = catalog.data ? sellable(rawCart, categories) : rawCart;
  const tree = useMemo(() => pickerTree(categories, search), [categories, search]);
  const [opened, setOpened] = useState<number[] | null>(null);
  // Searching opens everything found; otherwise everything is open until the visitor folds a branch.
  const expanded = search.trim() ? keysOf(tree) : (opened ?? keysOf(tree));

  const title = (c: PriceCategory) => (
    <Flex gap={12} justify="space-between" style={{ minWidth: 0 }} data-testid={`pick-${c.category_id}`}>
      <span>{nameOf(c)}</span>
      {c.price !== null && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('pricing.picker.perYear', { price: money(c.price) })}
        </Typography.Text>
      )}
    </Flex>
  );
  const toData = (n: PickerNode): DataNode => ({
    key: n.key,
    title: title(n.category),
    checkable: n.checkable,
    children: n.children.map(toData),
  });

  let picker: React.ReactNode;
  if (catalog.isError) picker = <Alert type="error" showIcon message={t('pricing.loadFailed')} />;
  else if (!catalog.data) picker = <Spin style={{ display: 'block', padding: 48 }} />;
  else if (tree.length === 0)
    picker = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pricing.picker.none')} />;
  else
    picker = (
      <Tree
        checkable
        checkStrictly
        blockNode
        height={560}
        data-testid="category-tree"
        treeData={tree.map(toData)}
        checkedKeys={{ checked: cart, halfChecked: [] }}
        expandedKeys={expanded}
        onExpand={(keys) => setOpened(keys.map(Number))}
        selectedKeys={[]}
        onCheck={(_, info) => setCart(toggle(cart, Number(info.node.key), info.checked))}
        onSelect={(_, info) => {
          const id = Number(info.node.key);
          if (info.node.checkable !== false) setCart(toggle(cart, id, !cart.includes(id)));
        }}
      />
    );

  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} lg={13}>
        <Card title={t('pricing.picker.title')} variant="borderless">
          <Flex vertical gap={12}>
            <Input.Search
              allowClear
              placeholder={t('pricing.picker.search')}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="category-search"
            />
            <Typography.Text type="secondary">{t('pricing.picker.hint')}</Typography.Text>
            {picker}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={11}>
        <div style={{ position: 'sticky', top: 24 }}>
          <CartCard
            cart={cart}
            terms={catalog.data?.terms}
            onRemove={(id) => setCart(toggle(cart, id, false))}
            extra={
              cart.length > 0 && (
                <Button type="link" onClick={() => setCart([])}>
                  {t('pricing.cart.clear')}
                </Button>
              )
            }
            footer={
              <Button
                type="primary"
                size="large"
                block
                disabled={cart.length === 0}
                onClick={() => navigate(`/price/payment?${CART_PARAM}=${cartParam(cart)}`)}
                data-testid="to-payment"
              >
                {t('pricing.cart.next')}
              </Button>
            }
          />
        </div>
      </Col>
    </Row>
  );
}
