import { Select } from 'antd';
import { useRef } from 'react';
import { useSearchPrefix } from './useSearchPrefix.js';

interface Props<V extends string | number, T> {
  /** The server search by name prefix (a query hook, the same one on every render). */
  useSearch(prefix: string): { data?: readonly T[]; isFetching: boolean };
  toOption(item: T): { value: V; label: string };
  value: V[];
  onChange(value: V[]): void;
  placeholder: string;
  testId: string;
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
  placeholder,
  testId,
}: Props<V, T>) {
  const { search, setSearch, prefix } = useSearchPrefix();
  const found = useSearch(prefix);
  const names = useRef(new Map<V, string>());
  const listed = (found.data ?? []).map(toOption);
  for (const o of listed) names.current.set(o.value, o.label);
  const options = [
    ...listed,
    ...value
      .filter((v) => !listed.some((o) => o.value === v))
      .map((v) => ({ value: v, label: names.current.get(v) ?? String(v) })),
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
      placeholder={placeholder}
      onChange={onChange}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
