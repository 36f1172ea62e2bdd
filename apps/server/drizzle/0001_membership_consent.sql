ALTER TYPE "public"."membership_state" ADD VALUE 'INVITED' BEFORE 'ACTIVE';--> statement-breakpoint
ALTER TABLE "organization_memberships" ADD COLUMN "contact_shared" boolean DEFAULT false NOT NULL;