/**
 * A project membership as the screens edit it, and its editor: the dialog's code loads when it first
 * opens (lazyDialog), the values and their API form come with the page.
 */
import { lazyDialog } from '../../shared/ui/lazyDialog.js';
import type { MemberInput, ProjectLimits } from './api.js';
import { limitedKinds } from './Grants.js';
import type { MembershipValues } from './membershipValues.js';

export type { MembershipProject, MembershipValues } from './membershipValues.js';

/**
 * The membership as the API takes it. Brand and shop grants go only for a project that limits
 * them; otherwise they are left as they are (switching the limit on later finds them again).
 */
export function membershipInput(v: MembershipValues, limits: ProjectLimits | undefined): MemberInput {
  const input: MemberInput = { role: v.role, pages: v.pages, categories: v.categories };
  for (const kind of limitedKinds(limits)) input[kind] = v[kind] ?? [];
  return input;
}

/** The membership editor (MembershipModal.tsx), fetched when it first opens. */
export const MembershipModal = lazyDialog(() => import('./MembershipModal.js').then((m) => m.default));
