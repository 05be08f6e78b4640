import { Select } from 'antd';
import { useRef } from 'react';
import { useSearchPrefix } from './useSearchPrefix.js';

interface Props<V extends string | number, T> {
  /** The server search by name prefix (a query hook, the same one on every render). */
  useSearch(prefix: string): { data?: readonly T[]; isFetching: boolean };
  toOption(item: T): { value: V; label: string };
  value: V[];
  onChange(value: V[]): void;
  /** The accessible name (the section's label; a Form.Item label is not tied to antd's inner input). */
  label: string;
  placeholder: string;
  testId: string;
  /** Lists the found options under group headings (e.g. shops by platform); chosen values stay as they are. */
  groupOf?(value: V): string;
  /** The label of a chosen value no search has named yet (a shared link); default the value itself. */
  fallbackLabel?(value: V): string;
}

/** Options under one heading per group, groups in the order they first occur. */
function grouped<V extends string | number>(options: { value: V; label: string }[], groupOf: (value: V) => string) {
  const groups = new Map<string, { value: V; label: string }[]>();
  for (const o of options) {
    const g = groupOf(o.value);
    groups.set(g, [...(groups.get(g) ?? []), o]);
  }
  return [...groups].map(([label, items]) => ({ label, title: label, options: items }));
}

/**
 * A multiple choice searched on the server (brands, shops): the typed text settles before it is
 * asked, and chosen values keep their names while the list shows another search.
 */
export function SearchSelect<V extends string | number, T>({
  useSearch,
  toOption,
  value,
  onChange,
  label,
  placeholder,
  testId,
  groupOf,
  fallbackLabel = String,
}: Props<V, T>) {
  const { search, setSearch, prefix } = useSearchPrefix();
  const found = useSearch(prefix);
  const names = useRef(new Map<V, string>());
  const listed = (found.data ?? []).map(toOption);
  for (const o of listed) names.current.set(o.value, o.label);
  const shown = groupOf ? grouped(listed, groupOf) : listed;
  const options = [
    ...shown,
    ...value
      .filter((v) => !listed.some((o) => o.value === v))
      .map((v) => ({ value: v, label: names.current.get(v) ?? fallbackLabel(v) })),
  ];
  return (
    <Select<V[]>
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      maxTagCount="responsive"
      loading={found.isFetching}
      options={options}
      value={value}
      aria-label={label}
      placeholder={placeholder}
      onChange={onChange}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
