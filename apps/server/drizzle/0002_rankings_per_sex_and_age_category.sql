CREATE TYPE "public"."mixed_ranking" AS ENUM('SEPARATE', 'TOGETHER');--> statement-breakpoint
ALTER TABLE "races" ADD COLUMN "mixed_ranking" "mixed_ranking" DEFAULT 'SEPARATE' NOT NULL;--> statement-breakpoint
ALTER TABLE "race_registrations" ADD COLUMN "age_category_id" integer;--> statement-breakpoint
ALTER TABLE "racers" ADD COLUMN "age_category_id" integer;--> statement-breakpoint
ALTER TABLE "cup_categories" ADD COLUMN "sex" "sex";--> statement-breakpoint
ALTER TABLE "race_registrations" ADD CONSTRAINT "race_registrations_age_category_id_age_categories_id_fk" FOREIGN KEY ("age_category_id") REFERENCES "public"."age_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racers" ADD CONSTRAINT "racers_age_category_id_age_categories_id_fk" FOREIGN KEY ("age_category_id") REFERENCES "public"."age_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "race_registrations_age_category_idx" ON "race_registrations" USING btree ("age_category_id");--> statement-breakpoint
CREATE INDEX "racers_age_category_idx" ON "racers" USING btree ("age_category_id");--> statement-breakpoint
-- Lead result styles (issue 9): races saved before they existed get the defaults (qualification flash, semifinal and final on-sight).
UPDATE "races" SET "lead_settings" = '{"qualificationStyle":"FLASH","semifinalStyle":"ON_SIGHT","finalStyle":"ON_SIGHT"}'::jsonb || "lead_settings" WHERE "lead_settings" IS NOT NULL;
