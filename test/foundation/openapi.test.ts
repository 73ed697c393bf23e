import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_CODES } from '../../src/lib/errors.js';
import { createTestContext, type TestContext } from '../support/app.js';

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: Record<string, any>;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => ctx.close());

  it('is valid OpenAPI 3 under swagger-parser', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('describes the v1 surface only, each operation with its stability label', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((p) => p.startsWith('/api/v1/'))).toBe(true);
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(['Stable', 'Beta', 'Roadmap'], `${method} ${path}`).toContain(op['x-stability']);
        expect(op.description).toContain(`**${op['x-stability']}.**`);
      }
    }
    expect(doc.paths['/api/v1/health'].get['x-stability']).toBe('Stable');
  });

  it('names every error code as an enum, so clients can switch on it', () => {
    const envelope = Object.values(doc.components.schemas as Record<string, any>).find((s) => s.properties?.error?.properties?.code);
    expect(envelope?.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
  });

  it('declares its security schemes', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/health'].get.security).toEqual([]);
  });
});
