/**
 * docs/product.md §6 "mobile and mini-program contexts are more lenient", decided in ADR 0015: on a phone or
 * inside a mini-program container (where the window cannot be widened), docs/web.md small-screen
 * notice may be dismissed on the read-only analysis pages; everywhere else — a narrow desktop
 * window, the administration and purchase screens — it stays. Permissions are not relaxed anywhere:
 * the server decides those.
 */
import { pageByPath } from '@marketlens/shared';

/** What the context is read from: the browser's user agent and the container's marker. */
export interface HandheldProbe {
  userAgent: string;
  /** Set by the WeChat JS bridge inside a mini-program's web-view. */
  wxEnvironment?: unknown;
  /** navigator.userAgentData.mobile where the browser has it. */
  mobileHint?: boolean | undefined;
}

/** WeChat, Alipay, Baidu, ByteDance … mini-program web-views name themselves in the user agent. */
const MINI_PROGRAM = /miniprogram/i;
const MOBILE = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS/i;

/** The app runs inside a mini-program container. */
export function isMiniProgram(p: HandheldProbe): boolean {
  return p.wxEnvironment === 'miniprogram' || MINI_PROGRAM.test(p.userAgent);
}

/** A phone or tablet browser, or a mini-program: a context whose screen cannot be widened. */
export function isHandheld(p: HandheldProbe): boolean {
  return isMiniProgram(p) || p.mobileHint === true || MOBILE.test(p.userAgent);
}

/** The probe of this browser. */
export function currentProbe(): HandheldProbe {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  return {
    userAgent: nav.userAgent,
    wxEnvironment: (window as Window & { __wxjs_environment?: unknown }).__wxjs_environment,
    mobileHint: nav.userAgentData?.mobile,
  };
}

/** Whether the small-screen notice may be dismissed at `pathname` in this context. */
export function maySkipSmallScreen(pathname: string, probe: HandheldProbe): boolean {
  return isHandheld(probe) && pageByPath(pathname) !== undefined;
}

const DISMISSED = 'marketlens.smallScreenDismissed';

/** The user chose to continue on a small screen: kept for the tab's session only. */
export const smallScreenDismissed = () => sessionStorage.getItem(DISMISSED) === '1';
export const dismissSmallScreen = () => sessionStorage.setItem(DISMISSED, '1');
