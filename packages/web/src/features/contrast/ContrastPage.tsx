import { SwapOutlined } from '@ant-design/icons';
import { CONTRAST_ENDPOINTS } from '@marketlens/shared/endpoints';
import { Alert, Card, Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CategoryGate, DownloadButton, FilterPanel, panelState, usePanelParam } from '../../shared/analysis/index.js';
import { registerArea } from '../../shared/i18n/index.js';
import { useRouteTitle } from '../../shared/i18n/title.js';
import { PageFrame } from '../../shared/ui/PageFrame.js';
import { StatusView } from '../../shared/ui/StatusView.js';
import {
  CharactersPanel,
  MixPanel,
  MovementSlotsPanel,
  OverviewPanel,
  shownOf,
  TopProductsPanel,
  TrendPanel,
} from './ComparisonPanels.js';
import { requestSlots, useContrast } from './data.js';
import { contrastMessages } from './messages.js';
import { CONTRAST_PARAMS } from './params.js';
import { SlotCard } from './SlotCard.js';
import { withSlot } from './slots.js';

registerArea(contrastMessages);

/** The comparison's filters: the brands are the slots, so no brand filter. */
const SECTIONS = ['date', 'compare', 'category', 'channels', 'keywords', 'attributes', 'price', 'favourites'] as const;
const PRIMARY = ['date', 'compare', 'category', 'channels'] as const;

/**
 * Brand Comparison (/contrast, route id 7): up to four brands in coloured slots (docs/product.md §1), each on
 * its own categories, side by side — key figures, trends in the slot colours, category / platform /
 * price-band mix, top products and characters — and the comparison as .xlsx. The slots and every
 * switch are in the URL. Endpoints and access rules: docs/pages/contrast.md.
 */
export default function ContrastPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('route.contrast');
  const [slots, setSlots] = usePanelParam(CONTRAST_PARAMS.slots);
  const [level] = usePanelParam(CONTRAST_PARAMS.mixLevel);
  const { query, bySlot, active } = useContrast(slots, level);
  const shown = shownOf(bySlot);
  const state = panelState(query);
  // The comparison's own warnings (unequal period lengths) once, above the key figures.
  const quiet = { ...state, warnings: [] };
  const slotWarnings = shown.flatMap((s) => s.slot.warnings.map((w) => ({ s, w })));

  return (
    <PageFrame
      title={title}
      subtitle={t('contrast.subtitle')}
      extra={
        <DownloadButton
          endpoint={CONTRAST_ENDPOINTS.download}
          body={{ slots: requestSlots(slots), level }}
          fileName={t('contrast.download.file')}
          disabled={active.length === 0}
        />
      }
      bare
    >
      <FilterPanel sections={SECTIONS} primary={PRIMARY} />
      <Row gutter={[12, 12]} data-testid="contrast-slots">
        {slots.map((slot, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its position (slot 1 to 4, each with its colour)
          <Col key={i} xs={24} md={12} xl={6}>
            <SlotCard
              index={i}
              slot={slot}
              answer={bySlot[i]}
              onChange={(next) => setSlots((current) => withSlot(current, i, next))}
              onAll={(categories) => setSlots((current) => current.map((s) => ({ ...s, categories: [...categories] })))}
            />
          </Col>
        ))}
      </Row>
      <CategoryGate>
        {active.length === 0 ? (
          <Card variant="borderless" data-testid="contrast-choose">
            <StatusView
              icon={<SwapOutlined style={{ color: 'var(--ant-color-primary, #1677ff)' }} />}
              title={t('contrast.choose.title')}
              subTitle={t('contrast.choose.description')}
            />
          </Card>
        ) : (
          <Flex vertical gap={16} data-testid="contrast-page">
            {slotWarnings.map(({ s, w }) => (
              <Alert
                key={`${s.index}-${w.code}`}
                type="info"
                showIcon
                title={`${t('contrast.slot.title', { n: s.index + 1 })} · ${w.msg}`}
                data-testid={`slot-${s.index + 1}-warning`}
              />
            ))}
            <OverviewPanel shown={shown} state={state} />
            <TrendPanel shown={shown} state={quiet} />
            <MixPanel shown={shown} state={quiet} />
            <TopProductsPanel shown={shown} state={quiet} />
            {shown.length > 0 && <CharactersPanel shown={shown} />}
            {shown.length > 0 && <MovementSlotsPanel shown={shown} />}
          </Flex>
        )}
      </CategoryGate>
    </PageFrame>
  );
}
