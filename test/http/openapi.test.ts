import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_CODES } from '../../src/lib/errors.js';
import { createTestContext, type TestContext } from '../support/app.js';

/** The parts of the OpenAPI document these tests read. */
interface Operation {
  description?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
  'x-stability'?: string;
  'x-required-role'?: string;
}
interface Schema {
  properties?: Record<string, Schema>;
  enum?: unknown[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
}

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  });
  afterAll(() => ctx.close());

  it('is valid OpenAPI 3 under swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes the v1 surface and the team operations, each operation with its stability label', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !p.startsWith('/api/v1/') && !p.startsWith('/api/team/'))).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(['Stable', 'Beta', 'Roadmap'], `${method} ${path}`).toContain(op['x-stability']);
        expect(op.description).toContain(`**${op['x-stability']}.**`);
      }
    }
    expect(doc.paths['/api/v1/health']?.get?.['x-stability']).toBe('Stable');
  });

  it('names every error code as an enum, so clients can switch on it', () => {
    const envelope = Object.values(doc.components.schemas).find((s) => s.properties?.error?.properties?.code);
    expect(envelope?.properties?.error?.properties?.code?.enum).toEqual([...ERROR_CODES]);
  });

  it('declares its security schemes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sl_session' });
    expect(doc.paths['/api/v1/health']?.get?.security).toEqual([]);
  });

  it('documents the team operations with the session cookie and the role each needs', () => {
    const team = doc.paths;
    expect(team['/api/team/invites']?.post).toMatchObject({ security: [{ sessionCookie: [] }], 'x-required-role': 'admin' });
    expect(team['/api/team/members']?.get?.['x-required-role']).toBe('viewer');
    expect(team['/api/team/members/{userId}']?.patch?.['x-required-role']).toBe('admin');
    expect(team['/api/team/invites/accept']?.post?.security).toEqual([{}, { sessionCookie: [] }]);
    expect(Object.keys(team['/api/team/invites/accept']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '404', '409', '410']));
    // v1 writes say which role the key's creator needs (a key acts with its creator's role).
    expect(team['/api/v1/webhooks']?.post?.['x-required-role']).toBe('admin');
    expect(team['/api/v1/probes']?.post?.['x-required-role']).toBe('member');
  });
});
