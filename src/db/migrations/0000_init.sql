CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"queue" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"custom_limits" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_tier_check" CHECK ("accounts"."tier" in ('free', 'starter', 'growth', 'scale', 'enterprise'))
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"name" text,
	"type" text NOT NULL,
	"mode" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_type_check" CHECK ("api_keys"."type" in ('legacy', 'v1'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usage_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" bigint NOT NULL,
	"cost_usd" numeric(14, 6) NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "account_prompt_packs" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"pack_id" uuid NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_citations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"brand_id" uuid,
	"platform" text NOT NULL,
	"prompt_hash" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_daily_rollups" (
	"brand_id" uuid NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"prompt_hash" text NOT NULL,
	"stage" text NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"positives" integer DEFAULT 0 NOT NULL,
	"negatives" integer DEFAULT 0 NOT NULL,
	"rank_sum" integer DEFAULT 0 NOT NULL,
	"rank_count" integer DEFAULT 0 NOT NULL,
	"sentiment_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "answer_daily_rollups_brand_id_day_platform_prompt_hash_pk" PRIMARY KEY("brand_id","day","platform","prompt_hash")
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"brand_id" uuid,
	"account_id" uuid,
	"platform" text NOT NULL,
	"model" text NOT NULL,
	"prompt_id" uuid,
	"prompt_text" text NOT NULL,
	"prompt_hash" text NOT NULL,
	"stage" text NOT NULL,
	"intent" text NOT NULL,
	"locale" text NOT NULL,
	"raw_text" text,
	"latency_ms" integer,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"cost_usd" numeric(12, 6) DEFAULT 0 NOT NULL,
	"simulated" boolean NOT NULL,
	"error_kind" text,
	"error_message" text,
	"analysis" jsonb,
	"mentioned" boolean,
	"position" integer,
	"rank" integer,
	"sentiment_label" text,
	"sentiment_score" real,
	"mention_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"website" text,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"competitors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitor_daily_rollups" (
	"brand_id" uuid NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"competitor" text NOT NULL,
	"mentions" integer DEFAULT 0 NOT NULL,
	"positives" integer DEFAULT 0 NOT NULL,
	"negatives" integer DEFAULT 0 NOT NULL,
	"rank_sum" integer DEFAULT 0 NOT NULL,
	"rank_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "competitor_daily_rollups_brand_id_day_platform_competitor_pk" PRIMARY KEY("brand_id","day","platform","competitor")
);
--> statement-breakpoint
CREATE TABLE "competitor_mentions" (
	"answer_id" uuid NOT NULL,
	"competitor" text NOT NULL,
	"run_id" uuid NOT NULL,
	"brand_id" uuid,
	"platform" text NOT NULL,
	"position" integer,
	"rank" integer,
	"sentiment_label" text,
	"sentiment_score" real,
	"mention_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_mentions_answer_id_competitor_pk" PRIMARY KEY("answer_id","competitor")
);
--> statement-breakpoint
CREATE TABLE "prompt_packs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pack_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"locale" text NOT NULL,
	"stage" text NOT NULL,
	"intent" text NOT NULL,
	"prompt_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"brand_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"platforms" jsonb NOT NULL,
	"brand" jsonb NOT NULL,
	"prompt_pack_id" uuid,
	"plan" jsonb NOT NULL,
	"tasks_total" integer NOT NULL,
	"tasks_done" integer DEFAULT 0 NOT NULL,
	"tasks_succeeded" integer DEFAULT 0 NOT NULL,
	"tasks_failed" integer DEFAULT 0 NOT NULL,
	"answers_mentioned" integer DEFAULT 0 NOT NULL,
	"tokens_total" integer DEFAULT 0 NOT NULL,
	"cost_usd" numeric(12, 6) DEFAULT 0 NOT NULL,
	"charged_usd" numeric(12, 6) DEFAULT 0 NOT NULL,
	"simulated" boolean NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"estimated_completion_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid,
	"kind" text NOT NULL,
	"failing_since" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text NOT NULL,
	"webhook_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_delivery_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" uuid NOT NULL,
	"webhook_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error_kind" text,
	"error" text,
	"response_snippet" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_robot_pacing" (
	"robot" text PRIMARY KEY NOT NULL,
	"sent_at" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"event_set" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"robot_signing_secret" text,
	"description" text,
	"source" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_triggered_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhooks_name_length_check" CHECK (char_length("webhooks"."name") between 1 and 64)
);
--> statement-breakpoint
CREATE TABLE "aeo_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"success_count" integer NOT NULL,
	"failure_count" integer NOT NULL,
	"citation_gain" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authority_snapshots" (
	"brand_id" uuid NOT NULL,
	"day" date NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	"geo_score" double precision NOT NULL,
	"eeat_score" double precision NOT NULL,
	"citation_density" double precision NOT NULL,
	"subscores" jsonb NOT NULL,
	"sample_size" integer NOT NULL,
	CONSTRAINT "authority_snapshots_brand_id_day_pk" PRIMARY KEY("brand_id","day")
);
--> statement-breakpoint
CREATE TABLE "brand_citation_urls" (
	"brand_id" uuid NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"platform" text NOT NULL,
	"prompt_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "brand_citation_urls_brand_id_url_pk" PRIMARY KEY("brand_id","url")
);
--> statement-breakpoint
CREATE TABLE "competitor_gaps" (
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"competitor" text NOT NULL,
	"ahead" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_gaps_brand_id_platform_competitor_pk" PRIMARY KEY("brand_id","platform","competitor")
);
--> statement-breakpoint
CREATE TABLE "kb_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lint_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_schedule" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"last_run_id" uuid,
	"last_enqueued_at" timestamp with time zone,
	"next_due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_strength" (
	"brand_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"rate" double precision NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_strength_brand_id_platform_pk" PRIMARY KEY("brand_id","platform")
);
--> statement-breakpoint
CREATE TABLE "processed_runs" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentinel_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"type" text NOT NULL,
	"severity" text NOT NULL,
	"severity_rank" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fingerprint" text NOT NULL,
	"evidence_count" integer DEFAULT 0 NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"intent" text,
	"content" text NOT NULL,
	"rewritten" text NOT NULL,
	"fact_claims" jsonb NOT NULL,
	"eeat_signals" jsonb NOT NULL,
	"missing_signals" jsonb NOT NULL,
	"metric" text NOT NULL,
	"expected_delta" double precision NOT NULL,
	"status" text DEFAULT 'suggested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"baseline_mentions" integer,
	"baseline_answers" integer,
	"measured_at" timestamp with time zone,
	"after_mentions" integer,
	"after_answers" integer
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_prompt_packs" ADD CONSTRAINT "account_prompt_packs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_prompt_packs" ADD CONSTRAINT "account_prompt_packs_pack_id_prompt_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."prompt_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_citations" ADD CONSTRAINT "answer_citations_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_mentions" ADD CONSTRAINT "competitor_mentions_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_packs" ADD CONSTRAINT "prompt_packs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_packs" ADD CONSTRAINT "prompt_packs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_pack_id_prompt_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."prompt_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_alerts" ADD CONSTRAINT "webhook_alerts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_alerts" ADD CONSTRAINT "webhook_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD CONSTRAINT "aeo_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD CONSTRAINT "aeo_batches_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authority_snapshots" ADD CONSTRAINT "authority_snapshots_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_citation_urls" ADD CONSTRAINT "brand_citation_urls_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_gaps" ADD CONSTRAINT "competitor_gaps_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_pages" ADD CONSTRAINT "kb_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_pages" ADD CONSTRAINT "kb_pages_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lint_issues" ADD CONSTRAINT "lint_issues_page_id_kb_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."kb_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_schedule" ADD CONSTRAINT "monitor_schedule_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_strength" ADD CONSTRAINT "platform_strength_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentinel_incidents" ADD CONSTRAINT "sentinel_incidents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentinel_incidents" ADD CONSTRAINT "sentinel_incidents_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("queue","priority","run_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE status in ('completed', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("queue","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "usage_ledger_account_idx" ON "usage_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_ledger_reference_idx" ON "usage_ledger" USING btree ("account_id","kind","reference") WHERE reference is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "answer_citations_answer_idx" ON "answer_citations" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "answer_citations_brand_time_idx" ON "answer_citations" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "answer_citations_brand_url_idx" ON "answer_citations" USING btree ("brand_id","url");--> statement-breakpoint
CREATE INDEX "answer_daily_rollups_brand_day_idx" ON "answer_daily_rollups" USING btree ("brand_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "answers_task_idx" ON "answers" USING btree ("run_id","platform","prompt_hash");--> statement-breakpoint
CREATE INDEX "answers_brand_time_idx" ON "answers" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "answers_brand_platform_time_idx" ON "answers" USING btree ("brand_id","platform","created_at");--> statement-breakpoint
CREATE INDEX "answers_brand_prompt_time_idx" ON "answers" USING btree ("brand_id","prompt_hash","created_at");--> statement-breakpoint
CREATE INDEX "answers_platform_time_idx" ON "answers" USING btree ("platform","created_at") WHERE error_kind is null;--> statement-breakpoint
CREATE INDEX "brands_account_idx" ON "brands" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "competitor_mentions_brand_time_idx" ON "competitor_mentions" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "prompt_packs_account_idx" ON "prompt_packs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_packs_brand_default_idx" ON "prompt_packs" USING btree ("brand_id") WHERE source = 'default';--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_pack_hash_idx" ON "prompts" USING btree ("pack_id","prompt_hash");--> statement-breakpoint
CREATE INDEX "prompts_hash_idx" ON "prompts" USING btree ("prompt_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_runs_idempotency_idx" ON "scan_runs" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "scan_runs_brand_idx" ON "scan_runs" USING btree ("brand_id","completed_at");--> statement-breakpoint
CREATE INDEX "scan_runs_account_idx" ON "scan_runs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_alerts_streak_idx" ON "webhook_alerts" USING btree ("webhook_id","failing_since");--> statement-breakpoint
CREATE INDEX "webhook_alerts_account_time_idx" ON "webhook_alerts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_webhook_idx" ON "webhook_deliveries" USING btree ("event_id","webhook_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_time_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_delivery_attempt_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_attempts_webhook_time_idx" ON "webhook_delivery_attempts" USING btree ("webhook_id","at");--> statement-breakpoint
CREATE INDEX "webhook_events_account_time_idx" ON "webhook_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "webhooks_account_brand_idx" ON "webhooks" USING btree ("account_id","brand_id");--> statement-breakpoint
CREATE INDEX "kb_pages_brand_idx" ON "kb_pages" USING btree ("brand_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lint_issues_page_fp_idx" ON "lint_issues" USING btree ("page_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "sentinel_incidents_open_idx" ON "sentinel_incidents" USING btree ("brand_id","fingerprint") WHERE status <> 'resolved';--> statement-breakpoint
CREATE INDEX "sentinel_incidents_brand_idx" ON "sentinel_incidents" USING btree ("brand_id","status","severity_rank");--> statement-breakpoint
CREATE INDEX "suggestions_brand_idx" ON "suggestions" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "suggestions_applied_idx" ON "suggestions" USING btree ("status") WHERE status = 'applied';