/**
 * The event catalogue: every event the service can send, which set it belongs to, and the exact
 * fields of its `data`. Also builds the one serialised body that is both signed and sent.
 *
 * Body shapes (docs/webhooks.md is the receiver-facing copy):
 *  legacy: {"eventId","event","brandId","timestamp","data"}  timestamp = ISO 8601 of the event
 *  v1:     {"eventId","event","brandId","createdAt","data"}  data = the spec's payload fields
 *          (brandId included, as the spec lists it)
 * `eventId` is at the top level of both (the spec leaves its place open; Stripe and Standard
 * Webhooks put the id there) and is repeated in the X-Service-Event-Id header.
 */
import { randomUUID } from 'node:crypto';

export type EventSet = 'legacy' | 'v1';
export type FieldType = 'string' | 'integer' | 'number' | 'datetime' | 'url';

export interface FieldSpec {
  name: string;
  type: FieldType;
  /** A nullable field is always present, with null when unknown. */
  nullable?: boolean;
}

export interface EventSpec {
  set: EventSet;
  description: string;
  /** Short Chinese title for chat-group robot messages. */
  label: string;
  fields: readonly FieldSpec[];
}

const f = (name: string, type: FieldType, nullable = false): FieldSpec => (nullable ? { name, type, nullable } : { name, type });

export const EVENT_CATALOGUE = {
  // Legacy data shapes other than aeo.batch.completed are "not shown" by the spec: decided here.
  'wiki.page.created': {
    set: 'legacy',
    description: 'A citable knowledge-base page was added.',
    label: '新增知识库页面',
    fields: [f('pageId', 'string'), f('title', 'string'), f('url', 'url', true), f('createdAt', 'datetime')],
  },
  'wiki.page.updated': {
    set: 'legacy',
    description: 'An existing wiki page was changed.',
    label: '知识库页面已更新',
    fields: [f('pageId', 'string'), f('title', 'string'), f('url', 'url', true), f('updatedAt', 'datetime')],
  },
  'lint.issue.detected': {
    set: 'legacy',
    description: 'The content check found a readability or structure problem.',
    label: '内容检查发现问题',
    fields: [f('issueId', 'string'), f('pageId', 'string', true), f('rule', 'string'), f('severity', 'string'), f('message', 'string')],
  },
  // Both spec samples merged: counts from the first, rewritten/citationGain from the second.
  'aeo.batch.completed': {
    set: 'legacy',
    description: 'A batch of AEO rewrites has finished.',
    label: 'AEO 批量改写完成',
    fields: [
      f('batchId', 'string'),
      f('successCount', 'integer'),
      f('failureCount', 'integer'),
      f('rewritten', 'integer'),
      f('citationGain', 'number'),
    ],
  },
  'citation.gap.alert': {
    set: 'legacy',
    description: 'A competitor overtook the brand on a platform.',
    label: '竞品反超提醒',
    fields: [
      f('platform', 'string'),
      f('competitor', 'string'),
      f('brandRank', 'integer', true),
      f('competitorRank', 'integer'),
      f('observedAt', 'datetime'),
    ],
  },
  'citation.discovered': {
    set: 'v1',
    description: 'A new source link was cited in a platform answer.',
    label: '发现新引用来源',
    fields: [
      f('brandId', 'string'),
      f('platform', 'string'),
      f('sourceUrl', 'url'),
      f('sourceDomain', 'string'),
      f('promptHash', 'string'),
      f('discoveredAt', 'datetime'),
    ],
  },
  'priority.changed': {
    set: 'v1',
    description: 'The brand strength ranking moved by an absolute 10% or more.',
    label: '品牌强度排名变化',
    fields: [
      f('brandId', 'string'),
      f('platform', 'string'),
      f('before', 'number'),
      f('after', 'number'),
      f('delta', 'number'),
      f('observedAt', 'datetime'),
    ],
  },
  'sentinel.triggered': {
    set: 'v1',
    description: 'Sentinel fired: negative spike, ranking collapse or impersonating account.',
    label: '哨兵告警',
    fields: [
      f('brandId', 'string'),
      f('incidentId', 'string'),
      f('severity', 'string'),
      f('type', 'string'),
      f('title', 'string'),
      f('openedAt', 'datetime'),
    ],
  },
  'uplift.measured': {
    set: 'v1',
    description: 'An applied rewrite suggestion was verified effective by probes.',
    label: '优化效果已验证',
    fields: [
      f('brandId', 'string'),
      f('suggestionId', 'string'),
      f('metric', 'string'),
      f('before', 'number'),
      f('after', 'number'),
      f('lift', 'number'),
      f('measuredAt', 'datetime'),
    ],
  },
} as const satisfies Record<string, EventSpec>;

export type EventName = keyof typeof EVENT_CATALOGUE;
export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENT_CATALOGUE, name);
}

export function eventSpec(name: EventName): EventSpec {
  return EVENT_CATALOGUE[name];
}

export function eventsOfSet(set: EventSet): EventName[] {
  return EVENT_NAMES.filter((name) => EVENT_CATALOGUE[name].set === set);
}

/**
 * Validate a webhook's subscription. One webhook receives ONE set (hence one signature scheme):
 * a receiver written for one scheme would reject the other set's deliveries, so mixing is refused.
 */
export function checkSubscribedEvents(
  events: readonly string[],
): { ok: true; set: EventSet; events: EventName[] } | { ok: false; message: string } {
  if (events.length === 0) return { ok: false, message: 'subscribe to at least one event' };
  const unknown = events.filter((e) => !isEventName(e));
  if (unknown.length > 0) {
    return { ok: false, message: `unknown event(s): ${unknown.join(', ')}; known: ${EVENT_NAMES.join(', ')}` };
  }
  const names = [...new Set(events as EventName[])];
  const sets = new Set(names.map((n) => EVENT_CATALOGUE[n].set));
  if (sets.size > 1) {
    return { ok: false, message: 'a webhook receives either legacy events or v1 events, not both; create two webhooks' };
  }
  return { ok: true, set: [...sets][0] as EventSet, events: names };
}

/** `evt_` + 32 hex chars (a UUIDv4 without dashes): unique, opaque, safe in headers and logs. */
export function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

function checkField(field: FieldSpec, value: unknown): string | null {
  if (value === null) return field.nullable ? null : `${field.name} must not be null`;
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? null : `${field.name} must be a string`;
    case 'integer':
      return Number.isSafeInteger(value) ? null : `${field.name} must be an integer`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${field.name} must be a finite number`;
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d\d-\d\dT/.test(value)
        ? null
        : `${field.name} must be an ISO 8601 date-time string`;
    case 'url':
      return typeof value === 'string' && URL.canParse(value) ? null : `${field.name} must be an absolute URL`;
  }
}

export class EventDataError extends Error {
  constructor(event: string, problems: string[]) {
    super(`invalid data for ${event}: ${problems.join('; ')}`);
    this.name = 'EventDataError';
  }
}

export interface BuildEventInput {
  event: EventName;
  brandId: string;
  data: Readonly<Record<string, unknown>>;
  /** Keep the outbox row's id so every retry carries the same one. */
  eventId?: string;
  /** When the event happened; defaults to now. */
  occurredAt?: Date;
}

export interface BuiltEvent {
  eventId: string;
  event: EventName;
  set: EventSet;
  /** The serialised body: sign THIS and send THIS, never re-serialise. */
  body: string;
}

/**
 * Build and serialise an event body. `data` must carry exactly the catalogue's fields (unknown
 * ones are refused so a typo never silently reaches receivers). Field order follows the
 * catalogue, so identical events serialise to identical bytes.
 */
export function buildEventBody(input: BuildEventInput): BuiltEvent {
  const spec: EventSpec = EVENT_CATALOGUE[input.event];
  if (!spec) throw new EventDataError(String(input.event), ['not an event of the catalogue']);
  const problems: string[] = [];
  const known = new Set(spec.fields.map((fs) => fs.name));
  for (const key of Object.keys(input.data)) if (!known.has(key)) problems.push(`unknown field ${key}`);
  const data: Record<string, unknown> = {};
  for (const field of spec.fields) {
    let value = input.data[field.name];
    if (value === undefined && field.name === 'brandId') value = input.brandId;
    if (value === undefined) value = field.nullable ? null : undefined;
    if (value === undefined) {
      problems.push(`${field.name} is required`);
      continue;
    }
    const problem = checkField(field, value);
    if (problem) problems.push(problem);
    data[field.name] = value;
  }
  if (spec.set === 'v1' && data.brandId !== undefined && data.brandId !== input.brandId) {
    problems.push('data.brandId differs from brandId');
  }
  if (problems.length > 0) throw new EventDataError(input.event, problems);
  const eventId = input.eventId ?? newEventId();
  const when = (input.occurredAt ?? new Date()).toISOString();
  const envelope =
    spec.set === 'legacy'
      ? { eventId, event: input.event, brandId: input.brandId, timestamp: when, data }
      : { eventId, event: input.event, brandId: input.brandId, createdAt: when, data };
  return { eventId, event: input.event, set: spec.set, body: JSON.stringify(envelope) };
}

/** Plausible sample data per event, used for the dashboard's "send test event" and in tests. */
export function sampleEventData(event: EventName, brandId: string, at: Date = new Date()): Record<string, unknown> {
  const iso = at.toISOString();
  const samples: Record<EventName, Record<string, unknown>> = {
    'wiki.page.created': { pageId: 'page_test', title: 'Test page', url: 'https://example.com/wiki/test', createdAt: iso },
    'wiki.page.updated': { pageId: 'page_test', title: 'Test page', url: 'https://example.com/wiki/test', updatedAt: iso },
    'lint.issue.detected': { issueId: 'lint_test', pageId: 'page_test', rule: 'heading-structure', severity: 'warning', message: 'Test issue' },
    'aeo.batch.completed': { batchId: 'batch_test', successCount: 9, failureCount: 1, rewritten: 9, citationGain: 0.12 },
    'citation.gap.alert': { platform: 'deepseek', competitor: 'Example Rival', brandRank: 3, competitorRank: 1, observedAt: iso },
    'citation.discovered': {
      brandId, platform: 'deepseek', sourceUrl: 'https://example.com/review', sourceDomain: 'example.com', promptHash: 'ph_test', discoveredAt: iso,
    },
    'priority.changed': { brandId, platform: 'qwen', before: 0.42, after: 0.55, delta: 0.13, observedAt: iso },
    'sentinel.triggered': {
      brandId, incidentId: 'inc_test', severity: 'high', type: 'negative_spike', title: 'Test incident', openedAt: iso,
    },
    'uplift.measured': { brandId, suggestionId: 'sug_test', metric: 'mention_rate', before: 0.2, after: 0.31, lift: 0.11, measuredAt: iso },
  };
  return samples[event];
}
