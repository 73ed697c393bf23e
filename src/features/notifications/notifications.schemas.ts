import { Type, type Static } from 'typebox';

/** An account alert to e-mail to the account's owners and admins (recipients are read when sent). */
export const AlertEmailPayloadSchema = Type.Object({
  accountId: Type.String({ format: 'uuid' }),
  brandId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  message: Type.String(),
});
export type AlertEmailPayload = Static<typeof AlertEmailPayloadSchema>;
