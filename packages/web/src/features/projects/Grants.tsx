import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Select, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../shared/i18n/index.js';
import { DisplayText } from '../../shared/ui/DisplayText.js';
import { type GrantKind, type ProjectLimits, projectKeys, projectsApi } from './api.js';

/** Per grant kind: the project flag that turns it on, and its texts (member editor, project switch). */
export const GRANTS = {
  brands: {
    limit: 'limit_brands',
    label: 'member.brands',
    hint: 'member.brandsHint',
    placeholder: 'member.brandsPlaceholder',
    count: 'member.brandCount',
    all: 'member.allBrands',
    limitLabel: 'projects.limitBrands',
    limitHint: 'projects.limitBrandsHint',
    limitWhat: 'projects.limitWhatBrands',
  },
  shops: {
    limit: 'limit_shops',
    label: 'member.shops',
    hint: 'member.shopsHint',
    placeholder: 'member.shopsPlaceholder',
    count: 'member.shopCount',
    all: 'member.allShops',
    limitLabel: 'projects.limitShops',
    limitHint: 'projects.limitShopsHint',
    limitWhat: 'projects.limitWhatShops',
  },
} as const satisfies Record<GrantKind, { limit: keyof ProjectLimits; [text: string]: string }>;

export const GRANT_KINDS = Object.keys(GRANTS) as GrantKind[];

/** The grant kinds a project limits (none when it is not known yet). */
export function limitedKinds(limits: ProjectLimits | undefined): GrantKind[] {
  return GRANT_KINDS.filter((k) => limits?.[GRANTS[k].limit] === true);
}

/**
 * A member's brand or shop grant: a multiple choice over the project's dataset, searched on the
 * server by name prefix. One component for both kinds (a form control: value / onChange).
 */
export function GrantSelect({
  projectId,
  kind,
  value,
  onChange,
}: {
  projectId: number;
  kind: GrantKind;
  value?: string[];
  onChange?: (value: string[]) => void;
}) {
  const { t } = useTranslation();
  const en = currentLocale() === 'en';
  const [prefix, setPrefix] = useState('');
  const found = useQuery({
    queryKey: projectKeys.grantOptions(projectId, kind, prefix),
    queryFn: ({ signal }) => projectsApi.grantOptions(projectId, kind, prefix, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  // Names seen so far: chosen values keep their names while the list shows another search.
  const names = useRef(new Map<string, string>()).current;
  for (const o of found.data ?? []) names.set(o.value, (en ? o.name_en : o.name) || o.name);
  const chosen = value ?? [];
  const listed = (found.data ?? []).map((o) => o.value);
  const options = [...listed, ...chosen.filter((v) => !listed.includes(v))].map((v) => ({
    value: v,
    label: names.get(v) ?? t('member.grantUnknown', { id: v }),
  }));
  return (
    <Select
      mode="multiple"
      allowClear
      value={chosen}
      onChange={(v: string[]) => onChange?.(v)}
      options={options}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setPrefix }}
      onBlur={() => setPrefix('')}
      maxTagCount="responsive"
      // A chosen brand or shop's tag: its name cut to the tag's budget (docs/product.md §5), whole on hover.
      labelRender={({ label, value: v }) => <DisplayText text={String(label ?? v)} budget="tag" />}
      placeholder={t(GRANTS[kind].placeholder)}
      style={{ width: '100%' }}
      data-testid={`grant-${kind}`}
    />
  );
}

/**
 * A membership's data access in a table cell: its categories, and its brands and shops where the
 * project limits them. A root or admin account sees everything whatever its grant (`sees_all`,
 * docs/security.md "Data grants"), and a grant of each of the project's categories is all of them
 * (`all_categories`): both say "all" rather than a count.
 */
export function GrantSummary({
  grants,
  limits,
}: {
  grants: { categories: number[]; brands?: string[]; shops?: string[]; sees_all?: boolean; all_categories?: boolean };
  limits: ProjectLimits | undefined;
}) {
  const { t } = useTranslation();
  const tag = (text: string, color?: string) => (
    <Tag key={text} color={color} style={{ marginInlineEnd: 0 }}>
      {text}
    </Tag>
  );
  const summary = (
    <Flex gap={4} wrap data-testid="grant-summary">
      {grants.all_categories || grants.sees_all
        ? tag(t('member.allCategories'), 'blue')
        : tag(t('member.categoryCount', { count: grants.categories.length }))}
      {limitedKinds(limits).map((kind) =>
        grants.sees_all
          ? tag(t(GRANTS[kind].all), 'blue')
          : tag(t(GRANTS[kind].count, { count: grants[kind]?.length ?? 0 })),
      )}
    </Flex>
  );
  return grants.sees_all ? <Tooltip title={t('member.seesAllHint')}>{summary}</Tooltip> : summary;
}
