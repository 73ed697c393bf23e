import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { rows } from '../db/rows.repo.js';

export interface ScheduleRow {
  name: string;
  cron: string;
  queue: string;
  payload: unknown;
  nextRunAt: Date;
}

/** Registers or updates a schedule; the next run is recomputed only when the cron changed. */
export async function upsertSchedule(db: Executor, s: ScheduleRow): Promise<void> {
  await db.execute(sql`
    insert into schedules (name, cron, queue, payload, next_run_at)
    values (${s.name}, ${s.cron}, ${s.queue}, ${JSON.stringify(s.payload)}::jsonb, ${s.nextRunAt.toISOString()}::timestamptz)
    on conflict (name) do update set
      queue = excluded.queue, payload = excluded.payload,
      next_run_at = case when schedules.cron = excluded.cron then schedules.next_run_at else excluded.next_run_at end,
      cron = excluded.cron`);
}

/**
 * Hands each due schedule to `fire` inside one transaction with its row locked (SKIP LOCKED:
 * two schedulers never fire the same slot). `fire` enqueues and returns the next run time.
 */
export async function fireDueSchedules(
  db: Db,
  fire: (tx: Executor, due: ScheduleRow) => Promise<Date>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      select name, cron, queue, payload, next_run_at from schedules
      where next_run_at <= now() for update skip locked`);
    const due = rows<Record<string, unknown>>(result);
    for (const r of due) {
      const row: ScheduleRow = {
        name: String(r.name),
        cron: String(r.cron),
        queue: String(r.queue),
        payload: r.payload,
        nextRunAt: new Date(r.next_run_at as string),
      };
      const next = await fire(tx, row);
      await tx.execute(sql`
        update schedules set last_run_at = now(), next_run_at = ${next.toISOString()}::timestamptz
        where name = ${row.name}`);
    }
    return due.length;
  });
}
