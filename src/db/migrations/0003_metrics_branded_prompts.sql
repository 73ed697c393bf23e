ALTER TABLE "competitor_daily_rollups" ADD COLUMN "branded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "competitor_daily_rollups" DROP CONSTRAINT "competitor_daily_rollups_brand_id_day_platform_competitor_pk";--> statement-breakpoint
ALTER TABLE "competitor_daily_rollups" ADD CONSTRAINT "competitor_daily_rollups_brand_id_day_platform_competitor_branded_pk" PRIMARY KEY("brand_id","day","platform","competitor","branded");--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "branded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "rank_sq_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "rank_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "rank_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "rank_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "rank_4_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_daily_rollups" ADD COLUMN "rank_6_plus" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "branded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Tag the answers stored before this migration: the question names one of the run's tracked
-- names (brand or competitor, name or alias), compared case- and width-insensitively.
UPDATE "answers" a SET "branded" = true
FROM "scan_runs" r
WHERE r.id = a.run_id AND EXISTS (
  SELECT 1 FROM (
    SELECT r.brand->>'name' AS n
    UNION ALL SELECT jsonb_array_elements_text(coalesce(r.brand->'aliases', '[]'::jsonb))
    UNION ALL SELECT c->>'name' FROM jsonb_array_elements(coalesce(r.brand->'competitors', '[]'::jsonb)) c
    UNION ALL SELECT jsonb_array_elements_text(coalesce(c->'aliases', '[]'::jsonb)) FROM jsonb_array_elements(coalesce(r.brand->'competitors', '[]'::jsonb)) c
  ) names
  WHERE length(trim(names.n)) > 0 AND position(lower(normalize(trim(names.n), NFKC)) in lower(normalize(a.prompt_text, NFKC))) > 0
);--> statement-breakpoint
-- Rollups always equal a recomputation from answers: rebuild them with the new columns.
DELETE FROM "answer_daily_rollups";--> statement-breakpoint
INSERT INTO "answer_daily_rollups" (brand_id, day, platform, prompt_hash, stage, branded, answers, mentions, positives, negatives,
  rank_sum, rank_count, rank_sq_sum, rank_1, rank_2, rank_3, rank_4_5, rank_6_plus, sentiment_sum)
SELECT brand_id, (created_at at time zone 'UTC')::date, platform, prompt_hash, max(stage), bool_or(branded), count(*),
  count(*) filter (where mentioned),
  count(*) filter (where mentioned and sentiment_label = 'positive'),
  count(*) filter (where mentioned and sentiment_label = 'negative'),
  coalesce(sum(rank), 0), count(rank), coalesce(sum(rank * rank), 0),
  count(*) filter (where rank = 1), count(*) filter (where rank = 2), count(*) filter (where rank = 3),
  count(*) filter (where rank between 4 and 5), count(*) filter (where rank >= 6),
  coalesce(sum(sentiment_score) filter (where mentioned), 0)
FROM "answers" WHERE brand_id IS NOT NULL AND error_kind IS NULL
GROUP BY brand_id, (created_at at time zone 'UTC')::date, platform, prompt_hash;--> statement-breakpoint
DELETE FROM "competitor_daily_rollups";--> statement-breakpoint
INSERT INTO "competitor_daily_rollups" (brand_id, day, platform, competitor, branded, mentions, positives, negatives, rank_sum, rank_count)
SELECT m.brand_id, (m.created_at at time zone 'UTC')::date, m.platform, m.competitor, a.branded, count(*),
  count(*) filter (where m.sentiment_label = 'positive'), count(*) filter (where m.sentiment_label = 'negative'),
  coalesce(sum(m.rank), 0), count(m.rank)
FROM "competitor_mentions" m JOIN "answers" a ON a.id = m.answer_id
WHERE m.brand_id IS NOT NULL AND a.error_kind IS NULL
GROUP BY m.brand_id, (m.created_at at time zone 'UTC')::date, m.platform, m.competitor, a.branded;
