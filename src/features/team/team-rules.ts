/**
 * Who may do what to whom inside a team. The route configuration already requires admin for
 * managing others (docs/auth.md "Role matrix"); these are the rules that depend on the target:
 * owners manage owners, nobody changes their own role, and an account always keeps an owner.
 */
import type { Role } from '../../db/schema/identity.js';
import { forbidden } from '../../lib/errors.js';
import { hasRole } from '../auth/principal.js';

export interface Actor {
  accountId: string;
  userId: string;
  role: Role;
}

/** Managing other people needs an owner or admin (the CLI and the routes both come through here). */
export function assertAdmin(actor: Actor, action: string): void {
  if (!hasRole(actor.role, 'admin')) throw forbidden(`Only an owner or admin can ${action}; your role is ${actor.role}.`);
}

/** Anything that makes, changes or removes an owner needs an owner. */
export function assertOwner(actor: Actor, action: string): void {
  if (actor.role !== 'owner') throw forbidden(`Only an owner can ${action}: owners manage the account and its owners; your role is ${actor.role}.`);
}
