import { Type } from 'typebox';
import { RoleSchema, TierSchema } from '../accounts/accounts.schemas.js';

export { CredentialsSchema, LoginCredentialsSchema } from '../accounts/accounts.schemas.js';

export const SignedInSchema = Type.Object({
  account: Type.Object({ id: Type.String(), tier: TierSchema }),
  user: Type.Object({ id: Type.String(), email: Type.String(), role: RoleSchema }),
});
