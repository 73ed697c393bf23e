/**
 * Data for bench/dashboard.ts: one brand with N stored answers spread over the last 90 days on
 * the 8 platforms, in a fresh PostgreSQL database (dropped and re-created).
 *
 *   npx tsx bench/generate-answers.ts --url postgresql://postgres@127.0.0.1:5432/postgres [--answers 1000000]
 *
 * Rows are made in bulk inside PostgreSQL (INSERT … SELECT generate_series): answers, competitor
 * mentions, then both daily rollups computed from them with the same aggregates the per-answer
 * insert path (src/features/scans/answers.repo.ts) applies, because that path stamps created_at
 * with now() and cannot back-fill 90 days (and 1 M single-statement inserts take too long on the
 * shared 2-core machine). The generator then checks the rollups against the raw answers.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgresql://postgres@127.0.0.1:5432/postgres' },
    answers: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'sightline_bench_dashboard' },
  },
});

const PLATFORMS = ['deepseek', 'kimi', 'zhipu', 'qwen', 'doubao', 'chatgpt', 'gemini', 'perplexity'];
const PROMPTS = 40;
const DAYS = 90;
const target = Number(values.answers);
const perRun = PLATFORMS.length * PROMPTS;
const runs = Math.ceil(target / perRun);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: values.url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const url = new URL(values.url!);
url.pathname = `/${values.db}`;
await admin(`drop database if exists ${values.db} with (force)`);
await admin(`create database ${values.db}`);
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
await runMigrations(database);
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const q = (text: string, params: unknown[] = []) => client.query(text, params);
const started = performance.now();

const account = (await q(`insert into accounts (tier) values ('growth') returning id`)).rows[0].id as string;
const brand = (await q(
  `insert into brands (account_id, name, category, website, competitors) values ($1, 'Acme', 'software', 'https://acme.com/', $2) returning id`,
  [account, JSON.stringify([{ name: 'Rival', aliases: [] }, { name: 'Other', aliases: [] }])],
)).rows[0].id as string;
const pack = (await q(`insert into prompt_packs (account_id, brand_id, name, source) values ($1, $2, 'bench', 'default') returning id`, [account, brand])).rows[0].id;
await q(
  `insert into prompts (pack_id, position, text, locale, stage, intent, prompt_hash)
   select $1, i, 'bench prompt ' || i, 'en', (array['awareness','interest','desire','action'])[1 + i % 4], 'recommendation', lpad(to_hex(i), 64, '0')
   from generate_series(0, ${PROMPTS - 1}) i`,
  [pack],
);
// Runs spread evenly over 90 days (one every ~2 hours for 1 M answers).
await q(
  `insert into scan_runs (id, account_id, brand_id, kind, status, platforms, brand, plan, tasks_total, simulated, created_at, completed_at)
   select gen_random_uuid(), $1, $2, 'monitor', 'completed', $3, '{"name":"Acme","category":"software","website":null,"aliases":[],"competitors":[],"locale":null}', '[]', ${perRun}, true,
     now() - (r::float8 / ${runs} * interval '${DAYS} days'), now() - (r::float8 / ${runs} * interval '${DAYS} days')
   from generate_series(0, ${runs - 1}) r`,
  [account, brand, JSON.stringify(PLATFORMS)],
);
console.error(`runs: ${runs} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
// Answers: mention rate depends on platform and prompt; a ranked list for half of the mentions.
await q(
  `insert into answers (run_id, brand_id, account_id, platform, model, prompt_text, prompt_hash, stage, intent, locale, raw_text,
     simulated, mentioned, position, rank, sentiment_label, sentiment_score, mention_count, created_at)
   select r.id, $1, $2, p.platform, 'bench', 'bench prompt ' || i, lpad(to_hex(i), 64, '0'), (array['awareness','interest','desire','action'])[1 + i % 4],
     'recommendation', 'en', 'answer', true, m.mentioned, case when m.mentioned then 10 end,
     case when m.mentioned and h % 2 = 0 then 1 + h % 7 end,
     case when not m.mentioned then null when h % 10 < 5 then 'positive' when h % 10 < 8 then 'neutral' else 'negative' end,
     case when not m.mentioned then null when h % 10 < 5 then 0.6 when h % 10 < 8 then 0 else -0.6 end,
     case when m.mentioned then 1 else 0 end, r.created_at
   from scan_runs r cross join unnest($3::text[]) with ordinality as p(platform, pi) cross join generate_series(0, ${PROMPTS - 1}) i
   cross join lateral (select abs(hashtext(r.id::text || p.platform || i)) as h) hh
   cross join lateral (select (hh.h % 100) < 30 + 5 * pi + i % 10 as mentioned) m
   where r.brand_id = $1`,
  [brand, account, PLATFORMS],
);
console.error(`answers (${((performance.now() - started) / 1000).toFixed(1)} s)`);
await q(
  `insert into competitor_mentions (answer_id, competitor, run_id, brand_id, platform, rank, sentiment_label, created_at)
   select a.id, c.name, a.run_id, a.brand_id, a.platform, 1 + abs(hashtext(a.id::text || c.name)) % 5, 'neutral', a.created_at
   from answers a cross join (values ('Rival', 40), ('Other', 20)) as c(name, pct)
   where a.brand_id = $1 and abs(hashtext(a.id::text || c.name)) % 100 < c.pct`,
  [brand],
);
// The rollups, with the insert path's aggregates (answers.repo.ts: roll / croll).
await q(
  `insert into answer_daily_rollups (brand_id, day, platform, prompt_hash, stage, answers, mentions, positives, negatives, rank_sum, rank_count, sentiment_sum)
   select brand_id, (created_at at time zone 'UTC')::date, platform, prompt_hash, max(stage), count(*), count(*) filter (where mentioned),
     count(*) filter (where mentioned and sentiment_label = 'positive'), count(*) filter (where mentioned and sentiment_label = 'negative'),
     coalesce(sum(rank), 0), count(rank), coalesce(sum(sentiment_score) filter (where mentioned), 0)
   from answers where brand_id = $1 and error_kind is null group by 1, 2, 3, 4`,
  [brand],
);
await q(
  `insert into competitor_daily_rollups (brand_id, day, platform, competitor, mentions, positives, negatives, rank_sum, rank_count)
   select brand_id, (created_at at time zone 'UTC')::date, platform, competitor, count(*), count(*) filter (where sentiment_label = 'positive'),
     count(*) filter (where sentiment_label = 'negative'), coalesce(sum(rank), 0), count(rank)
   from competitor_mentions where brand_id = $1 group by 1, 2, 3, 4`,
  [brand],
);
await q('analyze');
const check = (await q(
  `select (select count(*) from answers where brand_id = $1)::int as answers,
          (select sum(answers) from answer_daily_rollups where brand_id = $1)::int as rolled,
          (select count(*) from answer_daily_rollups where brand_id = $1)::int as rollup_rows`,
  [brand],
)).rows[0];
if (check.answers !== check.rolled) throw new Error(`rollups (${check.rolled}) differ from answers (${check.answers})`);
console.error(`done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${check.answers} answers, ${check.rollup_rows} rollup rows`);
console.log(JSON.stringify({ databaseUrl: url.toString(), accountId: account, brandId: brand, answers: check.answers }));
await client.end();
await database.close();
