import { Alert, Flex, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCategoryTreeData } from './useCategoryTreeData.js';

/**
 * Categories from the user's granted tree (POST /categories), names in the page language, a chosen
 * parent standing for its children: the filter's category section and a comparison slot's categories.
 * With `brands`, only the categories those brands sold in are offered; a choice made before stays,
 * with its name. Below it, docs/api.md "no category data" warning when the project or the user's
 * grant has no category, and the "get categories" failure (by the quiet rule, api/quiet.ts).
 */
export function CategoryTreeSelect({
  value,
  onChange,
  label,
  placeholder,
  testId,
  brands,
}: {
  value: number[];
  onChange(value: number[]): void;
  /** The accessible name (a visible label beside it is not tied to antd's inner input). */
  label: string;
  placeholder: string;
  testId: string;
  /** Offer only the categories in which these brands sold (`brands_filtering`). */
  brands?: readonly number[];
}) {
  const { t } = useTranslation();
  const { treeData, loading, nameOf, noCategories, failed } = useCategoryTreeData(brands);
  return (
    <Flex vertical gap={6}>
      <TreeSelect<{ value: number; label: string }[]>
        multiple
        treeCheckable
        labelInValue
        showCheckedStrategy={TreeSelect.SHOW_PARENT}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        maxTagCount="responsive"
        loading={loading}
        treeData={treeData}
        value={value.map((id) => ({ value: id, label: nameOf(id) ?? String(id) }))}
        aria-label={label}
        placeholder={placeholder}
        onChange={(chosen) => onChange((chosen ?? []).map((c) => c.value))}
        status={noCategories ? 'warning' : failed ? 'error' : undefined}
        style={{ width: '100%' }}
        data-testid={testId}
      />
      {noCategories ? (
        <Alert type="warning" showIcon title={t('analysis.state.noCategoryData')} data-testid="no-category-data" />
      ) : (
        failed && (
          <Alert type="error" showIcon title={t('analysis.filter.categoriesFailed')} data-testid="categories-failed" />
        )
      )}
    </Flex>
  );
}
