/** A project membership as the screens edit it (the editor dialog and the pages that open it share these). */
import type { ProjectLimits } from './api.js';

export interface MembershipValues {
  project_id?: number;
  user_id?: number;
  username?: string;
  role: string;
  pages: number[];
  categories: number[];
  brands?: string[];
  shops?: string[];
}

/** A project the membership is in: its pages bound the member's, its limits decide which grants exist. */
export interface MembershipProject extends ProjectLimits {
  id: number;
  name: string;
  pages: number[];
}
