CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"principal" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_principal_route_key_unique" UNIQUE("principal","route","key")
);
--> statement-breakpoint
CREATE TABLE "scoring_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "scoring_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"user_id" integer,
	"judge_account_id" integer,
	"pending" integer DEFAULT 0 NOT NULL,
	"oldest_pending_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scoring_devices_race_device_unique" UNIQUE("race_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "boulder_scores" ADD COLUMN "changed_at_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_routes" ADD COLUMN "changed_at_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "speed_routes" ADD COLUMN "changed_at_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD COLUMN "device_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD COLUMN "operation_id" text;--> statement-breakpoint
ALTER TABLE "scoring_devices" ADD CONSTRAINT "scoring_devices_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_devices" ADD CONSTRAINT "scoring_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_devices" ADD CONSTRAINT "scoring_devices_judge_account_id_judge_accounts_id_fk" FOREIGN KEY ("judge_account_id") REFERENCES "public"."judge_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");