import type { ConceptCategoryPenetration } from '@marketlens/shared/contracts';
import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Col, Row, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EChart,
  NoAccess,
  numericColumn,
  PanelCard,
  type ParentCategory,
  panelState,
  useAnalysisQuery,
  useFormatters,
  useLocalName,
} from '../../shared/analysis/index.js';
import { useAxisCoverage } from '../../shared/analysis/useAnalysisFilter.js';
import { nameColumn } from '../../shared/ui/DisplayText.js';
import { penetrationChart } from './charts.js';

type Category = ConceptCategoryPenetration['categories'][number];

/**
 * How much of each of its top categories the concept takes: concept sales / the category's sales
 * under the same filter, over the range (table) and per period (lines). Same parent as the
 * categories panel.
 */
export function PenetrationPanel({ parent }: { parent: ParentCategory }) {
  const { t } = useTranslation();
  const fmt = useFormatters();
  const local = useLocalName();
  const q = useAnalysisQuery(
    EXPLORE_ENDPOINTS.categoryPenetration,
    parent.parent === null ? {} : { parent_id: parent.parent },
    {
      enabled: parent.ready && !parent.denied,
    },
  );
  const name = (c: Category) => local(c.name, c.name_en);
  const axis = useAxisCoverage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: name follows local.
  const option = useMemo(() => (q.data ? penetrationChart(q.data, fmt, name, axis) : null), [q.data, fmt, local, axis]);
  const columns: TableColumnsType<Category> = [
    nameColumn<Category>({ key: 'name', title: t('analysis.categoryTrends.category'), text: name }),
    {
      key: 'sales',
      title: t('explore.penetration.conceptSales'),
      ...numericColumn,
      render: (_, c) => fmt.money(c.sales),
    },
    {
      key: 'category',
      title: t('explore.penetration.categorySales'),
      ...numericColumn,
      render: (_, c) => fmt.money(c.category_sales),
    },
    {
      key: 'penetration',
      title: t('explore.penetration.value'),
      ...numericColumn,
      render: (_, c) => <span data-testid="penetration-value">{fmt.shareRatio(c.penetration)}</span>,
    },
  ];
  return (
    <PanelCard
      title={t('explore.penetration.title')}
      definitions={['penetration', 'sales']}
      subject={t('explore.penetration.subject')}
      minHeight={340}
      {...panelState(q)}
      loading={q.isFetching || (q.isPending && q.ready && !parent.denied)}
      empty={q.data?.categories.length === 0}
    >
      {parent.denied ? (
        <NoAccess kind="category" />
      ) : (
        q.data && (
          <Row gutter={[24, 16]}>
            <Col xs={24} lg={10}>
              <Table<Category>
                size="small"
                rowKey="category_id"
                columns={columns}
                dataSource={q.data.categories}
                pagination={false}
                data-testid="penetration-table"
              />
            </Col>
            <Col xs={24} lg={14}>
              {option && <EChart option={option} height={340} />}
            </Col>
          </Row>
        )
      )}
    </PanelCard>
  );
}
