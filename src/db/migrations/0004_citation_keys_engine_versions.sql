CREATE TABLE "answer_engine_daily_rollups" (
	"brand_id" uuid NOT NULL,
	"day" date NOT NULL,
	"engine_version" text NOT NULL,
	"branded" boolean DEFAULT false NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "answer_engine_daily_rollups_brand_id_day_engine_version_branded_pk" PRIMARY KEY("brand_id","day","engine_version","branded")
);
--> statement-breakpoint
CREATE TABLE "reanalysis_batches" (
	"pass_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"answer_ids" jsonb NOT NULL,
	"answers" integer NOT NULL,
	"reanalyzed" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "reanalysis_batches_pass_id_seq_pk" PRIMARY KEY("pass_id","seq")
);
--> statement-breakpoint
CREATE TABLE "reanalysis_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"engine_version" text NOT NULL,
	"since" timestamp with time zone,
	"brand_id" uuid,
	"force" boolean DEFAULT false NOT NULL,
	"answers" integer NOT NULL,
	"batches" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "answer_citations_answer_idx";--> statement-breakpoint
DROP INDEX "answer_citations_brand_url_idx";--> statement-breakpoint
ALTER TABLE "answer_citations" ADD COLUMN "normalized_url" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "engine_version" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "platform_citations" jsonb;--> statement-breakpoint
ALTER TABLE "reanalysis_batches" ADD CONSTRAINT "reanalysis_batches_pass_id_reanalysis_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."reanalysis_passes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Stored citations follow the current rules (measurement-rules.md §4, docs/decisions.md): `url` as
-- written, `normalized_url` the grouping key. Answers read by engine 2.x stored the key in `url` and
-- keep the URL as written in their analysis: take it from there.
UPDATE "answer_citations" c SET "normalized_url" = c.url,
  "url" = coalesce((
    SELECT e->>'url' FROM "answers" a, jsonb_array_elements(coalesce(a.analysis->'citations', '[]'::jsonb)) WITH ORDINALITY AS x(e, i)
    WHERE a.id = c.answer_id AND e->>'normalizedUrl' = c.url ORDER BY x.i LIMIT 1), c.url)
WHERE EXISTS (SELECT 1 FROM "answers" a WHERE a.id = c.answer_id AND a.analysis->>'engineVersion' IS NOT NULL);--> statement-breakpoint
-- Answers read before engine 2.0 stored the old normalised form (the URL as written is unknown
-- until `sightline reanalyze` re-reads them): the key is that form under the one trailing-slash
-- rule the key gained in 2.0 (no trailing slash on a non-root path); the domain is unchanged.
UPDATE "answer_citations" SET "normalized_url" = CASE WHEN substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)') ~ '^/.*/$' THEN substring(url from '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*)') || coalesce(nullif(rtrim(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/'), ''), '/') || coalesce(substring(url from '^[^?#]*(\?[^#]*)'), '') ELSE url END WHERE "normalized_url" IS NULL;--> statement-breakpoint
-- One row per key per answer (`…/p/` and `…/p` in one old answer are one page now).
DELETE FROM "answer_citations" a USING "answer_citations" b
WHERE a.answer_id = b.answer_id AND a.normalized_url = b.normalized_url AND a.id > b.id;--> statement-breakpoint
ALTER TABLE "answer_citations" ALTER COLUMN "normalized_url" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "answer_citations_answer_key_idx" ON "answer_citations" USING btree ("answer_id","normalized_url");--> statement-breakpoint
CREATE INDEX "answer_citations_brand_key_idx" ON "answer_citations" USING btree ("brand_id","normalized_url");--> statement-breakpoint
-- First sightings are per brand and key: re-key the old rows, keeping the earliest sighting of a page.
DELETE FROM "brand_citation_urls" b USING (
  SELECT brand_id, url, row_number() OVER (PARTITION BY brand_id, CASE WHEN substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)') ~ '^/.*/$' THEN substring(url from '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*)') || coalesce(nullif(rtrim(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/'), ''), '/') || coalesce(substring(url from '^[^?#]*(\?[^#]*)'), '') ELSE url END ORDER BY first_seen_at, url) AS n
  FROM "brand_citation_urls") r
WHERE r.brand_id = b.brand_id AND r.url = b.url AND r.n > 1;--> statement-breakpoint
UPDATE "brand_citation_urls" SET "url" = CASE WHEN substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)') ~ '^/.*/$' THEN substring(url from '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*)') || coalesce(nullif(rtrim(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/'), ''), '/') || coalesce(substring(url from '^[^?#]*(\?[^#]*)'), '') ELSE url END WHERE CASE WHEN substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)') ~ '^/.*/$' THEN substring(url from '^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*)') || coalesce(nullif(rtrim(substring(url from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/'), ''), '/') || coalesce(substring(url from '^[^?#]*(\?[^#]*)'), '') ELSE url END <> "url";--> statement-breakpoint
-- The engine version of every stored analysis; analyses stored before versions were recorded are 1.0.0.
UPDATE "answers" SET "engine_version" = coalesce(analysis->>'engineVersion', '1.0.0') WHERE "analysis" IS NOT NULL;--> statement-breakpoint
INSERT INTO "answer_engine_daily_rollups" (brand_id, day, engine_version, branded, answers)
SELECT brand_id, (created_at at time zone 'UTC')::date, engine_version, branded, count(*)
FROM "answers" WHERE brand_id IS NOT NULL AND error_kind IS NULL AND engine_version IS NOT NULL
GROUP BY brand_id, (created_at at time zone 'UTC')::date, engine_version, branded;
