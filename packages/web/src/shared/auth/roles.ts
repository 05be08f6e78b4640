import { roleMatches } from '@marketlens/shared';

/** Global administrators (root or admin, prefix rule of docs/product.md §6). */
export function isAdminRole(role: string): boolean {
  return roleMatches(role, ['root', 'admin']);
}

export function isRootRole(role: string): boolean {
  return roleMatches(role, ['root']);
}
