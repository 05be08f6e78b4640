import { AppstoreOutlined, TagOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Spin, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchPrefix } from '../../shared/analysis/filters/useSearchPrefix.js';
import { useNameOf } from '../../shared/analysis/index.js';
import { useSelection, useSeriesLabel, useSeriesSearch } from './data.js';
import { MAX_PRODUCTS, MAX_SERIES } from './params.js';

const productValue = (id: number) => `p:${id}`;
const seriesValue = (name: string) => `s:${name}`;

/**
 * What the page analyses: products found by title, brand or id and series found by name
 * (POST /series/search), chosen into the URL; none = the whole filtered market.
 */
export function SelectionPicker() {
  const { t } = useTranslation();
  const nameOf = useNameOf();
  const seriesLabel = useSeriesLabel();
  const { products, series, setProducts, setSeries, empty } = useSelection();
  // The typed text settles before it is asked (the filter panel's brand and shop searches do the same).
  const { search: keyword, setSearch: setKeyword, prefix } = useSearchPrefix();
  const search = useSeriesSearch(prefix);
  /** Titles of products chosen in this visit (a shared link shows ids until found again). */
  const [titles, setTitles] = useState<Record<number, string>>({});
  const found = search.data;
  const hasSeries = found?.has_series ?? true;

  const options = useMemo(() => {
    if (!found || prefix.trim() === '') return [];
    const groups = [];
    if (found.series.length)
      groups.push({
        label: t('pa.selection.series', { series: seriesLabel }),
        options: found.series.map((s) => ({
          value: seriesValue(s.name),
          title: s.name,
          label: (
            <Flex justify="space-between" gap={8}>
              <span>
                <TagOutlined /> {s.name}
              </span>
              <Typography.Text type="secondary">{t('pa.products.total', { count: s.product_count })}</Typography.Text>
            </Flex>
          ),
        })),
      });
    if (found.products.length)
      groups.push({
        label: t('pa.selection.products'),
        options: found.products.map((p) => ({
          value: productValue(p.id),
          title: nameOf({ name: p.title, name_en: p.title_en }),
          label: (
            <Flex vertical>
              <Typography.Text ellipsis>{nameOf({ name: p.title, name_en: p.title_en })}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[nameOf(p.brand), nameOf(p.platform), `#${p.id}`].join(' · ')}
              </Typography.Text>
            </Flex>
          ),
        })),
      });
    return groups;
  }, [found, prefix, nameOf, seriesLabel, t]);

  const pick = (value: string) => {
    if (value.startsWith('s:')) {
      const name = value.slice(2);
      setSeries((cur) => (cur.includes(name) || cur.length >= MAX_SERIES ? cur : [...cur, name]));
    } else {
      const id = Number(value.slice(2));
      const p = found?.products.find((x) => x.id === id);
      if (p) setTitles((m) => ({ ...m, [id]: nameOf({ name: p.title, name_en: p.title_en }) }));
      setProducts((cur) => (cur.includes(id) || cur.length >= MAX_PRODUCTS ? cur : [...cur, id]));
    }
    setKeyword('');
  };

  return (
    <Flex vertical gap={8} data-testid="pa-selection">
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{t('pa.selection.label')}</Typography.Text>
        <Select<string>
          showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
          value={null}
          aria-label={t('pa.selection.label')}
          onSelect={pick}
          options={options}
          placeholder={
            hasSeries ? t('pa.selection.placeholder', { series: seriesLabel }) : t('pa.selection.placeholderNoSeries')
          }
          notFoundContent={
            search.isFetching ? (
              <Spin size="small" />
            ) : keyword.trim() ? (
              t('pa.selection.none', { series: seriesLabel })
            ) : null
          }
          style={{ width: 'min(520px, 100%)' }}
          data-testid="pa-search"
        />
        {!empty && (
          <Button
            size="small"
            type="link"
            onClick={() => {
              setProducts([]);
              setSeries([]);
            }}
          >
            {t('pa.selection.clear')}
          </Button>
        )}
      </Flex>
      {empty ? (
        <Typography.Text type="secondary" data-testid="pa-market-hint">
          {t('pa.selection.market', { series: seriesLabel })}
        </Typography.Text>
      ) : (
        <Flex gap={6} wrap data-testid="pa-chosen">
          {series.map((name) => (
            <Tag
              key={`s-${name}`}
              color="purple"
              icon={<TagOutlined />}
              closable
              onClose={() => setSeries((cur) => cur.filter((x) => x !== name))}
            >
              {seriesLabel}: {name}
            </Tag>
          ))}
          {products.map((id) => (
            <Tag
              key={`p-${id}`}
              color="blue"
              icon={<AppstoreOutlined />}
              closable
              onClose={() => setProducts((cur) => cur.filter((x) => x !== id))}
            >
              {titles[id] ?? t('pa.selection.product', { id })}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
