import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../src/db/client.js';
import { defineJobType, handleJob } from '../../src/jobs/definition.js';

export const CrashableJob = defineJobType({ name: 'test.crashable', schema: Type.Object({ key: Type.String() }), maxAttempts: 3 });

/** A job whose side effect is idempotent (keyed insert), as every real job's must be. */
export function crashableJob(db: Db, afterEffect: () => Promise<void>) {
  return handleJob(CrashableJob, {
    handler: async ({ key }) => {
      await db.execute(sql`insert into test_job_effects (key) values (${key}) on conflict do nothing`);
      await afterEffect();
    },
  });
}

export async function createEffectsTable(db: Db) {
  await db.execute(sql`create table if not exists test_job_effects (key text primary key, at timestamptz default now())`);
}
