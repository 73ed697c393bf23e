CREATE TABLE "platform_throttles" (
	"account_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"level" integer NOT NULL,
	"reason" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "platform_throttles_account_id_platform_pk" PRIMARY KEY("account_id","platform")
);
--> statement-breakpoint
ALTER TABLE "platform_throttles" ADD CONSTRAINT "platform_throttles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;