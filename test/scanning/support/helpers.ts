/** Scanning tests' helpers: a tenant and HTTP calls (shared, test/support/tenant.ts), polling, rows. */

export { call, createTenant, type JsonResponse, type Tenant } from '../../support/tenant.js';
export { waitFor } from '../../support/wait.js';

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
