import { BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { useAction } from '../../shared/ui/useAction.js';
import { type Band, type BandKind, projectKeys, projectsApi } from './api.js';

/** The server's band rule, checked before saving: non-negative, min < max, increasing, only the last open. */
export function bandsValid(bands: readonly Band[]): boolean {
  if (bands.length === 0) return false;
  let prev = -1;
  for (const [i, [min, max]] of bands.entries()) {
    if (min < 0 || min < prev) return false;
    if (max === null) {
      if (i !== bands.length - 1) return false;
    } else {
      if (max <= min) return false;
      prev = max;
    }
  }
  return true;
}

/**
 * Price or weight bands of one category: load, edit row by row, ask the server for a proposal from
 * the real price distribution ("calculate", price only), then save.
 */
export function BandsEditor({ projectId, kind }: { projectId: number; kind: BandKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const en = currentLocale() === 'en';
  const [category, setCategory] = useState<number | undefined>();
  const [bands, setBands] = useState<Band[]>([]);
  const [count, setCount] = useState(5);
  const categories = useQuery({
    queryKey: projectKeys.categories(projectId),
    queryFn: ({ signal }) => projectsApi.categories(projectId, signal),
  });
  const stored = useQuery({
    queryKey: projectKeys.bands(projectId, kind, category),
    queryFn: ({ signal }) => projectsApi.bands(projectId, kind, category!, signal),
    enabled: category !== undefined,
  });
  useEffect(() => {
    if (stored.data) setBands(stored.data);
  }, [stored.data]);

  const update = (i: number, side: 0 | 1, v: number | null) =>
    setBands((bs) => bs.map((b, j) => (j === i ? ((side === 0 ? [v ?? 0, b[1]] : [b[0], v]) as Band) : b)));
  const valid = bandsValid(bands);

  const calculate = useAction(
    async () => setBands((await projectsApi.calculateBands(projectId, category!, count)).bands),
    { success: t('bands.proposed'), successKind: 'info' },
  );
  const save = useAction(
    async () => {
      await projectsApi.saveBands(projectId, kind, category!, bands);
      await queryClient.invalidateQueries({ queryKey: projectKeys.bands(projectId, kind, category) });
    },
    { success: t('common.saved') },
  );

  const minTitle = kind === 'price' ? t('bands.minPrice') : t('bands.minWeight');
  const maxTitle = kind === 'price' ? t('bands.maxPrice') : t('bands.maxWeight');
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center">
        <Typography.Text>{t('bands.category')}</Typography.Text>
        <Select
          style={{ minWidth: 280 }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('bands.pickCategory')}
          aria-label={t('bands.category')}
          value={category}
          onChange={setCategory}
          data-testid={`bands-category-${kind}`}
          options={(categories.data?.items ?? []).map((c) => ({
            value: c.category_id,
            label: (en ? c.category_name_en : c.category_name) || String(c.category_id),
          }))}
        />
        {kind === 'price' && category !== undefined && (
          <Space.Compact>
            <InputNumber
              min={2}
              max={10}
              value={count}
              onChange={(v) => setCount(v ?? 5)}
              aria-label={t('bands.count')}
              addonBefore={t('bands.count')}
            />
            <Button
              icon={<BarChartOutlined />}
              onClick={() => calculate.run()}
              loading={calculate.busy}
              data-testid="calculate-bands"
            >
              {t('bands.calculate')}
            </Button>
          </Space.Compact>
        )}
      </Flex>
      {category === undefined ? (
        <Empty description={t('bands.pickCategory')} />
      ) : (
        <>
          <Table<{ key: number; band: Band }>
            size="small"
            pagination={false}
            loading={stored.isFetching}
            dataSource={bands.map((band, key) => ({ key, band }))}
            locale={{ emptyText: t('bands.empty') }}
            data-testid={`bands-table-${kind}`}
            columns={[
              { title: '#', width: 56, render: (_, r) => r.key + 1 },
              {
                title: minTitle,
                render: (_, r) => (
                  <InputNumber
                    min={0}
                    value={r.band[0]}
                    aria-label={`${minTitle} ${r.key + 1}`}
                    onChange={(v) => update(r.key, 0, v)}
                  />
                ),
              },
              {
                title: maxTitle,
                render: (_, r) => (
                  <InputNumber
                    min={0}
                    value={r.band[1]}
                    aria-label={`${maxTitle} ${r.key + 1}`}
                    placeholder={t('bands.open')}
                    onChange={(v) => update(r.key, 1, v)}
                  />
                ),
              },
              {
                title: t('common.actions'),
                width: 100,
                render: (_, r) => (
                  <Button type="link" danger onClick={() => setBands((bs) => bs.filter((_, j) => j !== r.key))}>
                    {t('common.remove')}
                  </Button>
                ),
              },
            ]}
          />
          {!valid && bands.length > 0 && <Alert type="warning" showIcon title={t('projects.bandsInvalid')} />}
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setBands((bs) => [...bs, [bs.at(-1)?.[1] ?? 0, null]])}>
              {t('bands.addRow')}
            </Button>
            <Button
              type="primary"
              disabled={!valid}
              loading={save.busy}
              onClick={() => save.run()}
              data-testid={`save-bands-${kind}`}
            >
              {t('common.save')}
            </Button>
          </Space>
        </>
      )}
    </Flex>
  );
}
