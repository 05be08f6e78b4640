import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PanelParam, usePanelParam } from '../panelParams.js';
import { MOVEMENT_VIEWS, type MovementView } from './views.js';

/** The split switch of "What moved it" (volume · price · mix, or launches · continuing), in the URL. */
export function MovementViewSwitch({
  param,
  testId = 'movement-view',
}: {
  param: PanelParam<MovementView>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [view, setView] = usePanelParam(param);
  return (
    <Segmented<MovementView>
      value={view}
      onChange={setView}
      aria-label={t('analysis.movement.view.label')}
      options={MOVEMENT_VIEWS.map((v) => ({ value: v, label: t(`analysis.movement.view.${v}`) }))}
      data-testid={testId}
    />
  );
}
