import type { ComponentType } from 'react';
import type { AnalysisFilter } from '../filter.js';
import type { FilterSection } from '../validate.js';

/**
 * A check a section runs before Apply (e.g. custom SQL asked of the server); false keeps the URL.
 * A plain boolean when there is nothing to ask, so Apply stays synchronous.
 */
export type ApplyCheck = () => boolean | Promise<boolean>;

/** What the filter panel gives every section: the draft and how to change it. */
export interface FilterSectionProps {
  /** The filter being edited (applied only by the panel's Apply). */
  draft: AnalysisFilter;
  update(patch: Partial<AnalysisFilter>): void;
  /** The message of docs/product.md §5 of a part of the draft, when it is to be shown. */
  errorOf(part: FilterSection): string | undefined;
  /** Registers (or, with null, removes) the section's check before Apply. */
  beforeApply(check: ApplyCheck | null): void;
}

/** One filter section of the registry. */
export interface FilterSectionDef {
  Component: ComponentType<FilterSectionProps>;
  /** Takes a whole row on wide screens (lists of words or attributes). */
  wide?: boolean;
  /**
   * The draft without this section's choices: the panel counts what hidden sections have set
   * (the "more filters" badge) by clearing the visible ones. None for sections always shown (dates).
   */
  clear?(f: AnalysisFilter): Partial<AnalysisFilter>;
}
