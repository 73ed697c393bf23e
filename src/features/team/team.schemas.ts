/** Request and response shapes of the team routes (docs/auth.md "Team"). */
import { Type } from 'typebox';
import { EmailSchema, PasswordSchema, RoleSchema, TierSchema } from '../accounts/accounts.schemas.js';

const Id = Type.String({ format: 'uuid' });
const Time = Type.String({ format: 'date-time' });

export const InviteBodySchema = Type.Object(
  {
    email: EmailSchema,
    role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member'), Type.Literal('viewer')], {
      description: 'The role the invitee gets. Only an owner may invite an owner.',
    }),
  },
  { additionalProperties: false },
);

export const InviteViewSchema = Type.Object({
  id: Id,
  email: Type.String(),
  role: RoleSchema,
  invitedBy: Type.Union([Type.String(), Type.Null()], { description: "The inviter's e-mail (null once they left the team)." }),
  createdAt: Time,
  expiresAt: Time,
  status: Type.Union([Type.Literal('pending'), Type.Literal('expired')]),
});

export const CreatedInviteSchema = Type.Object({
  invite: Type.Object({
    id: Id,
    email: Type.String(),
    role: RoleSchema,
    expiresAt: Time,
    url: Type.String({ description: 'The invitation link, shown this once: it carries the single-use token (only its hash is stored).' }),
  }),
  email: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('disabled')], {
    description: 'Whether the link was e-mailed: `disabled` without SMTP_URL (copy the link), `failed` when the mail server refused (copy the link, or invite again).',
  }),
});

export const InviteListSchema = Type.Object({ data: Type.Array(InviteViewSchema) });

export const InviteIdParamsSchema = Type.Object({ id: Id }, { additionalProperties: false });

const TokenSchema = Type.String({ minLength: 1, maxLength: 200, description: 'The token from the invitation link (after `#token=`).' });

export const AcceptBodySchema = Type.Object(
  {
    token: TokenSchema,
    password: Type.Optional({ ...PasswordSchema, description: 'Required when not signed in: the password of the new user.' }),
  },
  { additionalProperties: false },
);

export const PreviewBodySchema = Type.Object({ token: TokenSchema }, { additionalProperties: false });

export const InvitePreviewSchema = Type.Object({
  invite: Type.Object({ email: Type.String(), role: RoleSchema, expiresAt: Time, invitedBy: Type.Union([Type.String(), Type.Null()]) }),
  /** Whether a Sightline user with this e-mail exists: sign in first rather than choose a password. */
  userExists: Type.Boolean(),
});

export const AcceptedSchema = Type.Object({
  account: Type.Object({ id: Id, tier: TierSchema }),
  user: Type.Object({ id: Id, email: Type.String(), role: RoleSchema }),
  joined: Type.Union([Type.Literal('new_user'), Type.Literal('existing_user')]),
});

export const MemberSchema = Type.Object({
  userId: Id,
  email: Type.String(),
  role: RoleSchema,
  joinedAt: Time,
  /** Active API keys this member created: they stop working if the member is removed. */
  apiKeys: Type.Integer({ minimum: 0 }),
  you: Type.Boolean({ description: 'This member is the caller.' }),
});

export const MemberListSchema = Type.Object({ data: Type.Array(MemberSchema) });

export const MemberParamsSchema = Type.Object({ userId: Id }, { additionalProperties: false });

export const RoleBodySchema = Type.Object({ role: RoleSchema }, { additionalProperties: false });
