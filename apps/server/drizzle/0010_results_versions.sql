CREATE TABLE "race_results_versions" (
	"race_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
