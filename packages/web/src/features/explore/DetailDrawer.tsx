import { EXPLORE_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  findCategory,
  PanelCard,
  panelState,
  TopTable,
  useAnalysisQuery,
  useCategoryTree,
  useLocalName,
  usePanelParam,
} from '../../shared/analysis/index.js';
import { EXPLORE_PARAMS } from './params.js';

/** The drill-down: the concept's top products in one category (opened from the categories panel, in the URL). */
export function DetailDrawer() {
  const { t } = useTranslation();
  const local = useLocalName();
  const [category, setCategory] = usePanelParam(EXPLORE_PARAMS.detail);
  const [sortBy] = usePanelParam(EXPLORE_PARAMS.topSort);
  const tree = useCategoryTree();
  const node = category === null ? undefined : findCategory(tree.data, category);
  const q = useAnalysisQuery(
    EXPLORE_ENDPOINTS.categoryProducts,
    { category_id: category ?? 0, sort_by: sortBy },
    { enabled: category !== null },
  );
  return (
    <Drawer
      open={category !== null}
      onClose={() => setCategory(null)}
      size={960}
      title={t('explore.detail.title', {
        category: node ? local(node.category_name, node.category_name_en) : String(category ?? ''),
      })}
      destroyOnHidden
      data-testid="concept-detail"
    >
      <PanelCard
        {...panelState(q)}
        subject={t('explore.detail.subject')}
        empty={q.data?.items.length === 0}
        minHeight={200}
      >
        {q.data && q.data.items.length > 0 && (
          <TopTable data={q.data} kind="product" shareTitle={t('explore.top.share')} />
        )}
      </PanelCard>
    </Drawer>
  );
}
