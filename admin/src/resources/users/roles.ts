/**
 * What Manage Roles offers and who may grant what, and the argument mapping of
 * `set_buzz_haven_user_role(p_id, p_role, p_is_active)`. Role labels: common/roleLabel.ts.
 */
import type { Role } from '../../types';
import { ROLE_LABELS } from '../../common/roleLabel';

/** What the dialog offers: a role, or 'none' to revoke (the RPC's spelling). */
export type RoleChoice = Role | 'none';

export const ROLE_CHOICES: { id: RoleChoice; name: string }[] = [
  ...(Object.entries(ROLE_LABELS) as [Role, string][]).map(([id, name]) => ({ id, name })),
  { id: 'none', name: 'No role' },
];

/** Only owners and admins manage roles (the database enforces it too). */
export const canManageRoles = (permissions: unknown): boolean =>
  permissions === 'owner' || permissions === 'admin';

/** Only an owner grants or revokes 'owner' (mirrors the database rule, to grey the option out). */
export const canGrant = (permissions: unknown, choice: RoleChoice): boolean =>
  canManageRoles(permissions) && (choice !== 'owner' || permissions === 'owner');

export interface RoleChange {
  role?: RoleChoice;
  is_active?: boolean;
}

/** Maps a change to the RPC's arguments; a field left out is sent as null, meaning "keep". */
export const toRoleArgs = (data: Record<string, unknown>): Record<string, unknown> => ({
  p_role: typeof data.role === 'string' ? data.role : null,
  p_is_active: typeof data.is_active === 'boolean' ? data.is_active : null,
});
