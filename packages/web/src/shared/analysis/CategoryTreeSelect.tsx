import { TreeSelect } from 'antd';
import { useCategoryTreeData } from './filters/useCategoryTreeData.js';

/**
 * Categories from the user's granted tree (POST /categories), names in the page language, a chosen
 * parent standing for its children: the filter's category section and a comparison slot's categories.
 */
export function CategoryTreeSelect({
  value,
  onChange,
  label,
  placeholder,
  testId,
}: {
  value: number[];
  onChange(value: number[]): void;
  /** The accessible name (a visible label beside it is not tied to antd's inner input). */
  label: string;
  placeholder: string;
  testId: string;
}) {
  const { treeData, loading } = useCategoryTreeData();
  return (
    <TreeSelect<number[]>
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      maxTagCount="responsive"
      loading={loading}
      treeData={treeData}
      value={value}
      aria-label={label}
      placeholder={placeholder}
      onChange={onChange}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
