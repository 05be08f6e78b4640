import { POPUP_Z_INDEX } from '@marketlens/shared';
import type { ThemeConfig } from 'antd';

/**
 * The app's colours, in one place (docs/web.md "Accessibility"). Text colours reach WCAG AA (4.5:1)
 * on white, on the page grey #f5f7fa and on antd's light tag and selection backgrounds: each is
 * antd's own hue, darkened just enough. Graphics that carry no text (chart series, the logo, the
 * route progress bar) keep antd's lighter blue #1677ff.
 */

/** antd's blue #1677ff darkened to 5.3:1 on white (4.1:1 before): links, primary buttons, the selected menu entry. */
export const PRIMARY = '#1366dd';
/**
 * Hover of blue text (links, a default button's text): antd's lighter hover blue is 3.6:1, so the
 * hover goes one step darker instead (antd's primary palette, step 7).
 */
export const PRIMARY_HOVER = '#074bb8';
/** Secondary text (antd's 45 % black was 3.4:1): descriptions, captions, placeholders, axis labels. */
export const TEXT_DESCRIPTION = 'rgba(0, 0, 0, 0.57)';
/** Body text of charts (antd's colorTextSecondary). */
export const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.65)';
/** A rise (antd green-8; green-7 #389e0d was 3.5:1) and a fall (antd red-7, 5.6:1), docs/product.md §9. */
export const UP_COLOR = '#237804';
export const DOWN_COLOR = '#cf1322';
/** Warning text (antd orange-8 family; gold #faad14 is 1.9:1). */
const WARNING_TEXT = '#ad4e00';

/**
 * Text in the status colours. Given to the components that write text in them rather than as
 * global seeds: antd derives the light backgrounds (alerts, tags) from the seeds, and a dark seed
 * would grey them. A solid danger button's white text also reaches 4.5:1 on the darker red.
 */
const STATUS_TEXT = {
  colorSuccess: UP_COLOR,
  colorError: DOWN_COLOR,
  colorWarning: WARNING_TEXT,
  // Typography's success / danger / warning text.
  colorSuccessText: UP_COLOR,
  colorErrorText: DOWN_COLOR,
  colorWarningText: WARNING_TEXT,
};

/** The antd theme of the whole app. */
export const APP_THEME: ThemeConfig = {
  // Component styles come from antd's static stylesheet (App.tsx) instead of being generated in the
  // page: generating them held up the main thread on a first view of /discover. The tokens below still
  // apply, as the CSS variables that stylesheet reads.
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY,
    // Links and "processing" tags follow the info colour, not the primary.
    colorInfo: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    colorLinkHover: PRIMARY_HOVER,
    colorTextTertiary: TEXT_DESCRIPTION,
    colorTextDescription: TEXT_DESCRIPTION,
    colorTextPlaceholder: TEXT_DESCRIPTION,
    borderRadius: 6,
    zIndexPopupBase: POPUP_Z_INDEX,
  },
  components: {
    Button: STATUS_TEXT,
    Dropdown: STATUS_TEXT,
    Form: STATUS_TEXT,
    // The side menu (the one Menu of the app) is compact, so that root's every entry, the administration
    // group's last included, fits a 1280 × 800 window without scrolling (docs/web.md "Fits at 1280 px").
    Menu: { itemHeight: 36, itemMarginBlock: 2, groupTitleFontSize: 12, groupTitleLineHeight: 1.5 },
    // A preset colour tag writes in step 7 of its palette; these presets (the ones the app uses that
    // fall short on their own light background) write one step darker (gold two).
    Tag: { ...STATUS_TEXT, green7: UP_COLOR, orange7: WARNING_TEXT, volcano7: '#ad2102', gold7: '#874d00' },
    // A table's "no data" line is written in the disabled grey (1.8:1): it is text to read.
    Table: { colorTextDisabled: TEXT_DESCRIPTION },
    Typography: STATUS_TEXT,
  },
};
