/** Shapes of monitoring's answers: the platforms an account polls at a slower cadence, and why. */
import { Type, type Static } from 'typebox';
import { TIERS } from '../../db/schema/identity.js';

export const ThrottleSchema = Type.Object({
  platform: Type.String({ description: 'Platform id' }),
  level: Type.Integer({ minimum: 1, description: 'Cadence tiers slower than the account’s own' }),
  cadence: Type.Enum(TIERS, { description: 'The tier whose monitoring cadence now applies to this platform' }),
  intervalHours: Type.Number({ description: 'Hours between monitoring passes of this platform' }),
  reason: Type.String(),
  since: Type.String({ format: 'date-time' }),
});

export const ThrottleListSchema = Type.Object({ throttles: Type.Array(ThrottleSchema) });

export type ThrottleView = Static<typeof ThrottleSchema>;
