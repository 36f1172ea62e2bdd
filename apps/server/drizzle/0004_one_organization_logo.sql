-- The web app uploaded the "primary" logo while the catalogue and prints read "logo": one logo from now on.
-- A primary logo wins (it is the one the organisers saw in the UI); the replaced file is referenced by nothing.
CREATE TEMPORARY TABLE "replaced_logo_files" AS
  SELECT "logo_id" AS "id" FROM "organizations"
  WHERE "primary_logo_id" IS NOT NULL AND "logo_id" IS NOT NULL AND "logo_id" <> "primary_logo_id";
--> statement-breakpoint
UPDATE "organizations" SET "logo_id" = "primary_logo_id" WHERE "primary_logo_id" IS NOT NULL;
--> statement-breakpoint
DELETE FROM "files" WHERE "id" IN (SELECT "id" FROM "replaced_logo_files");
--> statement-breakpoint
DROP TABLE "replaced_logo_files";
--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_primary_logo_id_files_id_fk";
--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "primary_logo_id";
