CREATE TABLE "aeo_batch_items" (
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"audience" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"error_code" text,
	"error_message" text,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"gain" double precision,
	"attempts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "aeo_batch_items_batch_id_position_pk" PRIMARY KEY("batch_id","position")
);
--> statement-breakpoint
ALTER TABLE "aeo_batches" ALTER COLUMN "success_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "aeo_batches" ALTER COLUMN "failure_count" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "aeo_batches" ALTER COLUMN "citation_gain" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "brand_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "items_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "aeo_batches" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "aeo_batch_items" ADD CONSTRAINT "aeo_batch_items_batch_id_aeo_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."aeo_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aeo_batches_account_idx" ON "aeo_batches" USING btree ("account_id","created_at");--> statement-breakpoint
-- Batches stored before this migration ran inside their request and were complete when stored.
UPDATE "aeo_batches" SET "status" = 'completed', "items_total" = "success_count" + "failure_count", "completed_at" = "created_at" WHERE "completed_at" IS NULL AND "items_total" = 0;
