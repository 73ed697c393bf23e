/** Who is calling, as resolved by the auth layer from a cookie or a Bearer key. */
import type { CustomLimits, Role, Scope, Tier } from '../../db/schema/identity.js';

export { SCOPES, type Scope } from '../../db/schema/identity.js';

export type Via = 'session' | 'legacy_key' | 'v1_key';

export interface Principal {
  accountId: string;
  /** The signed-in user, or the user who created the key. */
  userId: string;
  tier: Tier;
  role: Role;
  via: Via;
  keyId: string | null;
  /** v1 keys only; empty otherwise. */
  scopes: readonly Scope[];
  mode: 'live' | 'test' | null;
  customLimits: CustomLimits | null;
}

const SCOPE_RANK: Record<Scope, number> = { read: 1, write: 2, admin: 3 };

/** admin ⊇ write ⊇ read. */
export function hasScope(granted: readonly Scope[], needed: Scope): boolean {
  return granted.some((s) => SCOPE_RANK[s] >= SCOPE_RANK[needed]);
}

const ROLE_RANK: Record<Role, number> = { viewer: 1, member: 2, admin: 3, owner: 4 };

/** owner ⊇ admin ⊇ member ⊇ viewer. */
export function hasRole(role: Role, needed: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[needed];
}
