/**
 * How a back-office role reads, everywhere (sidebar identity, users list, Manage Roles):
 * 'Owner', 'Admin', 'Staff'; no role = 'Pending approval'; a deactivated account = 'Inactive'
 * (where the page has no separate status to show it).
 */
import type { Role } from '../types';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };

export function roleLabel(role: Role | null | undefined, isActive = true): string {
  if (!role || !(role in ROLE_LABELS)) return 'Pending approval';
  if (!isActive) return 'Inactive';
  return ROLE_LABELS[role];
}
