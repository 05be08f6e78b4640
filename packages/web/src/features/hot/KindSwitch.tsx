import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

type Kind = 'category' | 'brand' | 'product';
const LABELS = { category: 'hot.kind.category', brand: 'hot.kind.brand', product: 'hot.kind.product' } as const;

/** What a ranking lists: categories, brands or products. */
export function KindSwitch<K extends Kind>({
  kinds,
  value,
  onChange,
}: {
  kinds: readonly K[];
  value: K;
  onChange(next: K): void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<K>
      size="small"
      value={value}
      onChange={onChange}
      options={kinds.map((k) => ({ value: k, label: t(LABELS[k] as (typeof LABELS)[Kind]) as string }))}
    />
  );
}
