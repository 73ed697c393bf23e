import { describe, expect, it } from 'vitest';
import {
  buildEventBody,
  checkSubscribedEvents,
  EVENT_CATALOGUE,
  EVENT_NAMES,
  eventsOfSet,
  isEventName,
  newEventId,
  sampleEventData,
} from './catalogue.js';

const at = new Date('2025-03-01T08:00:00.000Z');

describe('catalogue', () => {
  it('has the five legacy and four v1 events of the spec', () => {
    expect(eventsOfSet('legacy')).toEqual(['wiki.page.created', 'wiki.page.updated', 'lint.issue.detected', 'aeo.batch.completed', 'citation.gap.alert']);
    expect(eventsOfSet('v1')).toEqual(['citation.discovered', 'priority.changed', 'sentinel.triggered', 'uplift.measured']);
  });

  it('lists exactly the spec payload fields for v1 events', () => {
    const names = (e: keyof typeof EVENT_CATALOGUE) => EVENT_CATALOGUE[e].fields.map((f) => f.name);
    expect(names('citation.discovered')).toEqual(['brandId', 'platform', 'sourceUrl', 'sourceDomain', 'promptHash', 'discoveredAt']);
    expect(names('priority.changed')).toEqual(['brandId', 'platform', 'before', 'after', 'delta', 'observedAt']);
    expect(names('sentinel.triggered')).toEqual(['brandId', 'incidentId', 'severity', 'type', 'title', 'openedAt']);
    expect(names('uplift.measured')).toEqual(['brandId', 'suggestionId', 'metric', 'before', 'after', 'lift', 'measuredAt']);
    expect(names('aeo.batch.completed')).toEqual(expect.arrayContaining(['batchId', 'successCount', 'failureCount', 'rewritten', 'citationGain']));
  });

  it('knows its event names and nothing else', () => {
    expect(isEventName('uplift.measured')).toBe(true);
    expect(isEventName('toString')).toBe(false);
    expect(isEventName('payment.succeeded')).toBe(false);
  });

  it('sample data is valid for every event', () => {
    for (const event of EVENT_NAMES) {
      expect(() => buildEventBody({ event, brandId: 'b1', data: sampleEventData(event, 'b1', at) })).not.toThrow();
    }
  });
});

describe('checkSubscribedEvents', () => {
  it('accepts one set, de-duplicated', () => {
    expect(checkSubscribedEvents(['uplift.measured', 'sentinel.triggered', 'uplift.measured'])).toEqual({
      ok: true, set: 'v1', events: ['uplift.measured', 'sentinel.triggered'],
    });
    expect(checkSubscribedEvents(['wiki.page.created'])).toMatchObject({ ok: true, set: 'legacy' });
  });

  it('refuses unknown events, an empty list and a mix of sets', () => {
    expect(checkSubscribedEvents([])).toMatchObject({ ok: false });
    expect(checkSubscribedEvents(['wiki.page.created', 'nope.event'])).toMatchObject({ ok: false, message: expect.stringContaining('nope.event') });
    expect(checkSubscribedEvents(['wiki.page.created', 'uplift.measured'])).toMatchObject({ ok: false, message: expect.stringContaining('not both') });
  });
});

describe('buildEventBody', () => {
  it('legacy body: {eventId, event, brandId, timestamp, data}', () => {
    const built = buildEventBody({
      event: 'aeo.batch.completed', brandId: 'b1', eventId: 'evt_1', occurredAt: at,
      data: { batchId: 'x', successCount: 3, failureCount: 0, rewritten: 3, citationGain: 1.5 },
    });
    expect(built).toMatchObject({ eventId: 'evt_1', event: 'aeo.batch.completed', set: 'legacy' });
    expect(built.body).toBe(
      '{"eventId":"evt_1","event":"aeo.batch.completed","brandId":"b1","timestamp":"2025-03-01T08:00:00.000Z",' +
        '"data":{"batchId":"x","successCount":3,"failureCount":0,"rewritten":3,"citationGain":1.5}}',
    );
  });

  it('v1 body: {eventId, event, brandId, createdAt, data} with brandId filled into data', () => {
    const { brandId: _omit, ...data } = sampleEventData('priority.changed', 'b2', at);
    const built = buildEventBody({ event: 'priority.changed', brandId: 'b2', eventId: 'evt_2', occurredAt: at, data });
    expect(JSON.parse(built.body)).toEqual({
      eventId: 'evt_2', event: 'priority.changed', brandId: 'b2', createdAt: '2025-03-01T08:00:00.000Z',
      data: { brandId: 'b2', platform: 'qwen', before: 0.42, after: 0.55, delta: 0.13, observedAt: at.toISOString() },
    });
  });

  it('serialises field order from the catalogue, not from the caller', () => {
    const data = sampleEventData('uplift.measured', 'b', at);
    const reversed = Object.fromEntries(Object.entries(data).reverse());
    const a = buildEventBody({ event: 'uplift.measured', brandId: 'b', eventId: 'e', occurredAt: at, data });
    const b = buildEventBody({ event: 'uplift.measured', brandId: 'b', eventId: 'e', occurredAt: at, data: reversed });
    expect(a.body).toBe(b.body);
  });

  it('nullable fields become null when absent', () => {
    const built = buildEventBody({ event: 'wiki.page.created', brandId: 'b', occurredAt: at, data: { pageId: 'p', title: 't', createdAt: at.toISOString() } });
    expect(JSON.parse(built.body).data.url).toBeNull();
  });

  it('refuses missing, mistyped, unknown and mismatched fields with every problem named', () => {
    const bad = () =>
      buildEventBody({
        event: 'citation.discovered', brandId: 'b',
        data: { brandId: 'other', platform: 1, sourceUrl: 'not a url', promptHash: 'h', discoveredAt: 'yesterday', extra: true },
      });
    expect(bad).toThrow(/unknown field extra/);
    expect(bad).toThrow(/platform must be a string/);
    expect(bad).toThrow(/sourceUrl must be an absolute URL/);
    expect(bad).toThrow(/sourceDomain is required/);
    expect(bad).toThrow(/discoveredAt must be an ISO 8601/);
    expect(bad).toThrow(/data.brandId differs/);
    expect(() => buildEventBody({ event: 'aeo.batch.completed', brandId: 'b', data: { ...sampleEventData('aeo.batch.completed', 'b'), successCount: 1.5 } })).toThrow(/integer/);
    expect(() => buildEventBody({ event: 'nope' as never, brandId: 'b', data: {} })).toThrow(/not an event/);
  });

  it('event ids are unique and opaque', () => {
    const ids = new Set(Array.from({ length: 1000 }, newEventId));
    expect(ids.size).toBe(1000);
    expect([...ids][0]).toMatch(/^evt_[0-9a-f]{32}$/);
    const built = buildEventBody({ event: 'uplift.measured', brandId: 'b', data: sampleEventData('uplift.measured', 'b') });
    expect(built.eventId).toMatch(/^evt_/);
    expect(JSON.parse(built.body).eventId).toBe(built.eventId);
  });
});
