/** HTTP shapes of v1 sentinel incidents. */
import { Type } from 'typebox';
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES, INCIDENT_TYPES } from '../../db/schema/intelligence.js';


export const IncidentsQuerySchema = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 100 }),
    severity: Type.Optional(Type.Enum(INCIDENT_SEVERITIES)),
    status: Type.Optional(Type.Enum(INCIDENT_STATUSES)),
  },
  { additionalProperties: false },
);

export const IncidentIdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const PatchIncidentBodySchema = Type.Object(
  { status: Type.Enum(INCIDENT_STATUSES) },
  { additionalProperties: false },
);

export const IncidentSchema = Type.Object({
  id: Type.String(),
  brandId: Type.String(),
  severity: Type.Enum(INCIDENT_SEVERITIES),
  type: Type.Enum(INCIDENT_TYPES),
  title: Type.String(),
  openedAt: Type.String({ format: 'date-time' }),
  status: Type.Enum(INCIDENT_STATUSES),
  evidenceCount: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
  resolvedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  evidence: Type.Array(Type.Object({ key: Type.String(), kind: Type.String(), detail: Type.String(), at: Type.String() })),
  detail: Type.Record(Type.String(), Type.Unknown()),
});

export const IncidentsResponseSchema = Type.Object({ incidents: Type.Array(IncidentSchema), total: Type.Integer() });
