-- Files get random ids (issue 11 item 5): sequential ids let anyone fetch every file by counting.
-- The identity goes first (an identity column must stay an integer), the foreign keys come back
-- with ON UPDATE CASCADE, and the last statement gives every existing file a random id, which the
-- cascade carries into events, organizations, users and event_attachments.
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_logo_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_secondary_logo_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_profile_photo_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "event_attachments" DROP CONSTRAINT "event_attachments_file_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_poster_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "id" SET DEFAULT replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "logo_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "secondary_logo_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "profile_photo_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "event_attachments" ALTER COLUMN "file_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "poster_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_logo_id_files_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_secondary_logo_id_files_id_fk" FOREIGN KEY ("secondary_logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_photo_id_files_id_fk" FOREIGN KEY ("profile_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_poster_id_files_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
UPDATE "files" SET "id" = replace(gen_random_uuid()::text, '-', '');
