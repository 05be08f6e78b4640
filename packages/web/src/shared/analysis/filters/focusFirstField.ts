/** What takes the keyboard in a filter section: antd's inputs (a select's search box too) and buttons. */
const FIELD =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Moves the keyboard to the first field inside `root`: after "More filters" (or "N more attributes")
 * reveals fields, the keyboard goes on among them instead of staying on the button that revealed them.
 */
export function focusFirstField(root: Element | null | undefined): void {
  root?.querySelector<HTMLElement>(FIELD)?.focus();
}
