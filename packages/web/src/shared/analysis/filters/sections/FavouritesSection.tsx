import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterSectionProps } from '../types.js';

/** Only the user's favourite brands of the project. */
export function FavouritesSection({ draft, update }: FilterSectionProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('analysis.filter.favouritesOnly')}>
      <Switch
        checked={draft.isFollowConcernedBrands}
        aria-label={t('analysis.filter.favouritesOnly')}
        onChange={(on) => update({ isFollowConcernedBrands: on })}
        data-testid="filter-favourites"
      />
    </Form.Item>
  );
}
