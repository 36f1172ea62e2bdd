CREATE TYPE "public"."cup_type" AS ENUM('WORLD_CUP', 'NOMINATION', 'CLASSIC');--> statement-breakpoint
CREATE TYPE "public"."discipline" AS ENUM('BOULDERING', 'LEAD', 'SPEED');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('POSTER', 'ATTACHMENT', 'LOGO', 'PROFILE_PHOTO');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('SK', 'EN');--> statement-breakpoint
CREATE TYPE "public"."mail_kind" AS ENUM('INVITATION', 'PASSWORD_RESET', 'CONTACT_MESSAGE', 'EVENT_UPDATE', 'REGISTRATION', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."membership_state" AS ENUM('APPLIED', 'ACTIVE');--> statement-breakpoint
CREATE TYPE "public"."qualification_group_state" AS ENUM('OPEN_REGISTRATION', 'READY_FOR_QUALIFICATION', 'QUALIFICATION', 'QUALIFICATION_CLOSED');--> statement-breakpoint
CREATE TYPE "public"."race_format" AS ENUM('QUALIFICATION', 'QUALIFICATION_SEMIFINAL_FINAL', 'QUALIFICATION_FINAL');--> statement-breakpoint
CREATE TYPE "public"."race_gender" AS ENUM('MEN', 'WOMEN', 'MIXED');--> statement-breakpoint
CREATE TYPE "public"."race_state" AS ENUM('HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'SEMIFINALS', 'SEMIFINALS_ONGOING', 'FINALS', 'FINALS_ONGOING', 'FINISHED');--> statement-breakpoint
CREATE TYPE "public"."registration_state" AS ENUM('PRESENT', 'NOT_PRESENT');--> statement-breakpoint
CREATE TYPE "public"."round_state" AS ENUM('READY', 'STARTED', 'CLOSED');--> statement-breakpoint
CREATE TYPE "public"."score_audit_action" AS ENUM('BOULDERS_UPDATED', 'LEAD_ROUTE_UPDATED', 'SPEED_ROUTE_UPDATED', 'ROUND_STATE_CHANGED', 'ROUND_RESTARTED', 'MATCH_UPDATED');--> statement-breakpoint
CREATE TYPE "public"."sex" AS ENUM('M', 'F');--> statement-breakpoint
CREATE TYPE "public"."social_link_type" AS ENUM('TWITTER', 'INSTAGRAM', 'FACEBOOK', 'YOUTUBE', 'WEBPAGE', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."speed_stage" AS ENUM('EIGHTH_FINAL', 'QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL');--> statement-breakpoint
CREATE TYPE "public"."stage" AS ENUM('QUALIFICATION', 'SEMIFINAL', 'FINAL');--> statement-breakpoint
CREATE TYPE "public"."starting_number_order" AS ENUM('RANDOM', 'BY_RACER_NUMBER');--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"street" text,
	"street_number" text,
	"city" text,
	"zipcode" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "file_kind" NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0 and "files"."size" = octet_length("files"."content")),
	CONSTRAINT "files_sha256_check" CHECK ("files"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "age_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "age_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"from_age" integer NOT NULL,
	"to_age" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "age_categories_ages_check" CHECK ("age_categories"."from_age" >= 0 and ("age_categories"."to_age" is null or "age_categories"."to_age" >= "age_categories"."from_age"))
);
--> statement-breakpoint
CREATE TABLE "contact_persons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_persons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text,
	"shortcut" text,
	"short_description" text,
	"address_id" integer,
	"logo_id" integer,
	"primary_logo_id" integer,
	"secondary_logo_id" integer,
	"web_page" text,
	"active" boolean DEFAULT true NOT NULL,
	"clubs_enabled" boolean DEFAULT false NOT NULL,
	"season_start_month" smallint,
	"race_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cup_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_season_start_month_check" CHECK ("organizations"."season_start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "social_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"type" "social_link_type" NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organization_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"state" "membership_state" DEFAULT 'ACTIVE' NOT NULL,
	"org_admin" boolean DEFAULT false NOT NULL,
	"judge" boolean DEFAULT false NOT NULL,
	"coach" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_memberships_user_organization_unique" UNIQUE("user_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"birthday" date,
	"sex" "sex",
	"phone_number" text,
	"language" "language" DEFAULT 'SK' NOT NULL,
	"address_id" integer,
	"club" text,
	"sponsor" text,
	"organization_id" integer,
	"license_id" text,
	"profile_photo_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"super_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_attachments" (
	"event_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_attachments_event_id_file_id_pk" PRIMARY KEY("event_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"description" text,
	"address_id" integer,
	"allowed_unregistered_users" boolean DEFAULT true NOT NULL,
	"online_registration" boolean DEFAULT true NOT NULL,
	"starting_date" date NOT NULL,
	"closing_date" date NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT true NOT NULL,
	"send_update_info" boolean DEFAULT true NOT NULL,
	"poster_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_dates_check" CHECK ("events"."starting_date" <= "events"."closing_date"),
	CONSTRAINT "events_unregistered_public_check" CHECK (not "events"."allowed_unregistered_users" or "events"."is_public")
);
--> statement-breakpoint
CREATE TABLE "judge_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "judge_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_by_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_accounts_login_check" CHECK ("judge_accounts"."login" !~ '@' and length("judge_accounts"."login") between 3 and 100)
);
--> statement-breakpoint
CREATE TABLE "qualification_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qualification_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" "qualification_group_state" DEFAULT 'OPEN_REGISTRATION' NOT NULL,
	"gender" "race_gender" DEFAULT 'MIXED' NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qualification_groups_race_id_unique" UNIQUE("race_id","id"),
	CONSTRAINT "qualification_groups_race_name_unique" UNIQUE("race_id","name")
);
--> statement-breakpoint
CREATE TABLE "race_age_categories" (
	"race_id" integer NOT NULL,
	"age_category_id" integer NOT NULL,
	CONSTRAINT "race_age_categories_race_id_age_category_id_pk" PRIMARY KEY("race_id","age_category_id")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "races_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"race_gender" "race_gender" DEFAULT 'MIXED' NOT NULL,
	"discipline" "discipline" DEFAULT 'BOULDERING' NOT NULL,
	"state" "race_state" DEFAULT 'HIDDEN' NOT NULL,
	"race_format" "race_format" NOT NULL,
	"bouldering_settings" jsonb,
	"lead_settings" jsonb,
	"speed_settings" jsonb,
	"opening_registration_date" date,
	"closing_registration_date" date,
	"starting_date" date NOT NULL,
	"end_date" date NOT NULL,
	"max_racers_count" integer DEFAULT 0 NOT NULL,
	"location" text,
	"racer_number_sequence" integer DEFAULT 1 NOT NULL,
	"season_year" integer DEFAULT (extract(year from now()))::integer NOT NULL,
	"starting_number_order" "starting_number_order" DEFAULT 'RANDOM' NOT NULL,
	"starting_list_seed" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "races_dates_check" CHECK ("races"."starting_date" <= "races"."end_date"),
	CONSTRAINT "races_registration_dates_check" CHECK ("races"."opening_registration_date" is null or "races"."closing_registration_date" is null or "races"."opening_registration_date" <= "races"."closing_registration_date"),
	CONSTRAINT "races_max_racers_count_check" CHECK ("races"."max_racers_count" >= 0),
	CONSTRAINT "races_season_year_check" CHECK ("races"."season_year" between 1890 and 2200)
);
--> statement-breakpoint
CREATE TABLE "race_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "race_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"user_id" integer,
	"state" "registration_state",
	"racer_number" integer NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"qualification_group_id" integer,
	"unregistered_name" text,
	"unregistered_surname" text,
	"unregistered_email" text,
	"unregistered_club" text,
	"unregistered_sex" "sex",
	"unregistered_country" text,
	"unregistered_birthday" date,
	"unregistered_birth_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "race_registrations_race_racer_number_unique" UNIQUE("race_id","racer_number"),
	CONSTRAINT "race_registrations_race_user_unique" UNIQUE("race_id","user_id"),
	CONSTRAINT "race_registrations_race_id_unique" UNIQUE("race_id","id"),
	CONSTRAINT "race_registrations_kind_check" CHECK (("race_registrations"."user_id" is not null
        and "race_registrations"."unregistered_name" is null and "race_registrations"."unregistered_surname" is null
        and "race_registrations"."unregistered_email" is null and "race_registrations"."unregistered_club" is null
        and "race_registrations"."unregistered_sex" is null and "race_registrations"."unregistered_country" is null
        and "race_registrations"."unregistered_birthday" is null and "race_registrations"."unregistered_birth_year" is null)
      or ("race_registrations"."user_id" is null
        and "race_registrations"."unregistered_name" is not null and "race_registrations"."unregistered_surname" is not null
        and "race_registrations"."unregistered_sex" is not null
        and ("race_registrations"."unregistered_birthday" is not null or "race_registrations"."unregistered_birth_year" is not null)))
);
--> statement-breakpoint
CREATE TABLE "racers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "racers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"racer_number" integer NOT NULL,
	"full_name" text NOT NULL,
	"birth_year" integer,
	"sex" "sex" NOT NULL,
	"country" text,
	"club" text,
	"member" boolean DEFAULT false NOT NULL,
	"qualification_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "racers_race_racer_number_unique" UNIQUE("race_id","racer_number"),
	CONSTRAINT "racers_registration_unique" UNIQUE("registration_id"),
	CONSTRAINT "racers_race_id_unique" UNIQUE("race_id","id")
);
--> statement-breakpoint
CREATE TABLE "boulder_scores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boulder_scores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"boulder_index" smallint NOT NULL,
	"top_attempts" integer,
	"zone_attempts" integer,
	"current_attempt" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "boulder_scores_round_boulder_unique" UNIQUE("round_id","boulder_index"),
	CONSTRAINT "boulder_scores_boulder_index_check" CHECK ("boulder_scores"."boulder_index" >= 0),
	CONSTRAINT "boulder_scores_attempts_check" CHECK (("boulder_scores"."top_attempts" is null or "boulder_scores"."top_attempts" >= 1)
        and ("boulder_scores"."zone_attempts" is null or "boulder_scores"."zone_attempts" >= 1)
        and "boulder_scores"."current_attempt" >= 0),
	CONSTRAINT "boulder_scores_zone_not_after_top_check" CHECK ("boulder_scores"."zone_attempts" is null or "boulder_scores"."top_attempts" is null or "boulder_scores"."zone_attempts" <= "boulder_scores"."top_attempts")
);
--> statement-breakpoint
CREATE TABLE "lead_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"route_index" smallint NOT NULL,
	"hold" numeric(5, 1),
	"plus" boolean DEFAULT false NOT NULL,
	"top" boolean DEFAULT false NOT NULL,
	"time_ms" integer,
	CONSTRAINT "lead_routes_round_route_unique" UNIQUE("round_id","route_index"),
	CONSTRAINT "lead_routes_route_index_check" CHECK ("lead_routes"."route_index" >= 0),
	CONSTRAINT "lead_routes_hold_check" CHECK ("lead_routes"."hold" >= 0),
	CONSTRAINT "lead_routes_time_check" CHECK ("lead_routes"."time_ms" >= 0),
	CONSTRAINT "lead_routes_top_plus_check" CHECK (not ("lead_routes"."top" and "lead_routes"."plus"))
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"racer_id" integer NOT NULL,
	"stage" "stage" NOT NULL,
	"starting_number" integer,
	"state" "round_state" DEFAULT 'READY' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"qualification_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_racer_stage_unique" UNIQUE("racer_id","stage"),
	CONSTRAINT "rounds_starting_number_check" CHECK ("rounds"."starting_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "speed_matches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "speed_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"stage_index" smallint NOT NULL,
	"stage" "speed_stage" NOT NULL,
	"state" "round_state" DEFAULT 'READY' NOT NULL,
	"gender" "race_gender" NOT NULL,
	"racer_a_round_id" integer,
	"racer_b_round_id" integer,
	"racer_a_id" integer,
	"racer_b_id" integer,
	"winner_racer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speed_matches_race_gender_stage_index_unique" UNIQUE("race_id","gender","stage","stage_index"),
	CONSTRAINT "speed_matches_stage_index_check" CHECK ("speed_matches"."stage_index" >= 0),
	CONSTRAINT "speed_matches_winner_check" CHECK ("speed_matches"."winner_racer_id" is null
        or ("speed_matches"."racer_a_id" is not null and "speed_matches"."winner_racer_id" = "speed_matches"."racer_a_id")
        or ("speed_matches"."racer_b_id" is not null and "speed_matches"."winner_racer_id" = "speed_matches"."racer_b_id")),
	CONSTRAINT "speed_matches_distinct_racers_check" CHECK ("speed_matches"."racer_a_id" <> "speed_matches"."racer_b_id")
);
--> statement-breakpoint
CREATE TABLE "speed_routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "speed_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"round_id" integer NOT NULL,
	"route_index" smallint NOT NULL,
	"attempt_index" smallint DEFAULT 0 NOT NULL,
	"time_ms" integer,
	"fall" boolean DEFAULT false NOT NULL,
	"false_start" boolean DEFAULT false NOT NULL,
	CONSTRAINT "speed_routes_round_route_attempt_unique" UNIQUE("round_id","route_index","attempt_index"),
	CONSTRAINT "speed_routes_indexes_check" CHECK ("speed_routes"."route_index" >= 0 and "speed_routes"."attempt_index" >= 0),
	CONSTRAINT "speed_routes_time_check" CHECK ("speed_routes"."time_ms" > 0)
);
--> statement-breakpoint
CREATE TABLE "cup_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cup_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cup_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cup_categories_cup_name_unique" UNIQUE("cup_id","name")
);
--> statement-breakpoint
CREATE TABLE "cup_category_age_categories" (
	"cup_category_id" integer NOT NULL,
	"age_category_id" integer NOT NULL,
	CONSTRAINT "cup_category_age_categories_cup_category_id_age_category_id_pk" PRIMARY KEY("cup_category_id","age_category_id")
);
--> statement-breakpoint
CREATE TABLE "cup_category_races" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cup_category_races_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cup_category_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"cup_rank_category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cup_category_races_category_race_unique" UNIQUE("cup_category_id","race_id")
);
--> statement-breakpoint
CREATE TABLE "cup_rank_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cup_rank_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"number_of_ranks" integer NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"rank_points" numeric[] DEFAULT '{}' NOT NULL,
	"points_decimals" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cup_rank_categories_number_of_ranks_check" CHECK ("cup_rank_categories"."number_of_ranks" >= 0),
	CONSTRAINT "cup_rank_categories_rank_points_check" CHECK (cardinality("cup_rank_categories"."rank_points") <= "cup_rank_categories"."number_of_ranks" and 0 <= all("cup_rank_categories"."rank_points")),
	CONSTRAINT "cup_rank_categories_points_decimals_check" CHECK ("cup_rank_categories"."points_decimals" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "cups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"type" "cup_type" DEFAULT 'CLASSIC' NOT NULL,
	"open_cup" boolean DEFAULT true NOT NULL,
	"max_counted_results" integer,
	"one_result_from_all_disciplines" boolean DEFAULT false NOT NULL,
	"race_level_tie_break" boolean DEFAULT false NOT NULL,
	"disciplines" "discipline"[] DEFAULT '{"BOULDERING","LEAD","SPEED"}' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cups_dates_check" CHECK ("cups"."start_date" <= "cups"."end_date"),
	CONSTRAINT "cups_max_counted_results_check" CHECK ("cups"."max_counted_results" >= 1),
	CONSTRAINT "cups_disciplines_check" CHECK (cardinality("cups"."disciplines") >= 1)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"organization_id" integer NOT NULL,
	"invited_user_id" integer,
	"language" "language" DEFAULT 'SK' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"judge_account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_renewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip_address" "inet",
	CONSTRAINT "sessions_owner_check" CHECK (("sessions"."user_id" is null) <> ("sessions"."judge_account_id" is null))
);
--> statement-breakpoint
CREATE TABLE "score_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "score_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"racer_id" integer,
	"round_id" integer,
	"user_id" integer,
	"judge_account_id" integer,
	"action" "score_audit_action" NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "mail_kind" NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"language" "language" DEFAULT 'SK' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "age_categories" ADD CONSTRAINT "age_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_persons" ADD CONSTRAINT "contact_persons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_logo_id_files_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_primary_logo_id_files_id_fk" FOREIGN KEY ("primary_logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_secondary_logo_id_files_id_fk" FOREIGN KEY ("secondary_logo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_memberships" ADD CONSTRAINT "organization_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_memberships" ADD CONSTRAINT "organization_memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_photo_id_files_id_fk" FOREIGN KEY ("profile_photo_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_poster_id_files_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_accounts" ADD CONSTRAINT "judge_accounts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_accounts" ADD CONSTRAINT "judge_accounts_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualification_groups" ADD CONSTRAINT "qualification_groups_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_age_categories" ADD CONSTRAINT "race_age_categories_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_age_categories" ADD CONSTRAINT "race_age_categories_age_category_id_age_categories_id_fk" FOREIGN KEY ("age_category_id") REFERENCES "public"."age_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_registrations" ADD CONSTRAINT "race_registrations_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_registrations" ADD CONSTRAINT "race_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_registrations" ADD CONSTRAINT "race_registrations_qualification_group_id_qualification_groups_id_fk" FOREIGN KEY ("qualification_group_id") REFERENCES "public"."qualification_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racers" ADD CONSTRAINT "racers_qualification_group_id_qualification_groups_id_fk" FOREIGN KEY ("qualification_group_id") REFERENCES "public"."qualification_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "racers" ADD CONSTRAINT "racers_registration_fk" FOREIGN KEY ("race_id","registration_id") REFERENCES "public"."race_registrations"("race_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boulder_scores" ADD CONSTRAINT "boulder_scores_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_routes" ADD CONSTRAINT "lead_routes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_racer_fk" FOREIGN KEY ("race_id","racer_id") REFERENCES "public"."racers"("race_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_qualification_group_fk" FOREIGN KEY ("race_id","qualification_group_id") REFERENCES "public"."qualification_groups"("race_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_matches" ADD CONSTRAINT "speed_matches_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_matches" ADD CONSTRAINT "speed_matches_racer_a_round_id_rounds_id_fk" FOREIGN KEY ("racer_a_round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_matches" ADD CONSTRAINT "speed_matches_racer_b_round_id_rounds_id_fk" FOREIGN KEY ("racer_b_round_id") REFERENCES "public"."rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_matches" ADD CONSTRAINT "speed_matches_racer_a_id_racers_id_fk" FOREIGN KEY ("racer_a_id") REFERENCES "public"."racers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_matches" ADD CONSTRAINT "speed_matches_racer_b_id_racers_id_fk" FOREIGN KEY ("racer_b_id") REFERENCES "public"."racers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_matches" ADD CONSTRAINT "speed_matches_winner_racer_id_racers_id_fk" FOREIGN KEY ("winner_racer_id") REFERENCES "public"."racers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_routes" ADD CONSTRAINT "speed_routes_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_categories" ADD CONSTRAINT "cup_categories_cup_id_cups_id_fk" FOREIGN KEY ("cup_id") REFERENCES "public"."cups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_category_age_categories" ADD CONSTRAINT "cup_category_age_categories_cup_category_id_cup_categories_id_fk" FOREIGN KEY ("cup_category_id") REFERENCES "public"."cup_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_category_age_categories" ADD CONSTRAINT "cup_category_age_categories_age_category_id_age_categories_id_fk" FOREIGN KEY ("age_category_id") REFERENCES "public"."age_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_category_races" ADD CONSTRAINT "cup_category_races_cup_category_id_cup_categories_id_fk" FOREIGN KEY ("cup_category_id") REFERENCES "public"."cup_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_category_races" ADD CONSTRAINT "cup_category_races_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_category_races" ADD CONSTRAINT "cup_category_races_cup_rank_category_id_cup_rank_categories_id_fk" FOREIGN KEY ("cup_rank_category_id") REFERENCES "public"."cup_rank_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cup_rank_categories" ADD CONSTRAINT "cup_rank_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cups" ADD CONSTRAINT "cups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_user_id_users_id_fk" FOREIGN KEY ("invited_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_judge_account_id_judge_accounts_id_fk" FOREIGN KEY ("judge_account_id") REFERENCES "public"."judge_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD CONSTRAINT "score_audit_log_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD CONSTRAINT "score_audit_log_racer_id_racers_id_fk" FOREIGN KEY ("racer_id") REFERENCES "public"."racers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD CONSTRAINT "score_audit_log_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD CONSTRAINT "score_audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_audit_log" ADD CONSTRAINT "score_audit_log_judge_account_id_judge_accounts_id_fk" FOREIGN KEY ("judge_account_id") REFERENCES "public"."judge_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_sha256_idx" ON "files" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "age_categories_organization_idx" ON "age_categories" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "contact_persons_organization_idx" ON "contact_persons" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "social_links_organization_idx" ON "social_links" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_memberships_organization_idx" ON "organization_memberships" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_organization_idx" ON "users" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "event_attachments_file_idx" ON "event_attachments" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "events_organization_idx" ON "events" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "events_starting_date_idx" ON "events" USING btree ("starting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "judge_accounts_login_lower_unique" ON "judge_accounts" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "judge_accounts_event_idx" ON "judge_accounts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "race_age_categories_age_category_idx" ON "race_age_categories" USING btree ("age_category_id");--> statement-breakpoint
CREATE INDEX "races_event_idx" ON "races" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "races_state_idx" ON "races" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "race_registrations_race_unregistered_email_unique" ON "race_registrations" USING btree ("race_id",lower("unregistered_email")) WHERE "race_registrations"."unregistered_email" is not null;--> statement-breakpoint
CREATE INDEX "race_registrations_user_idx" ON "race_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "race_registrations_qualification_group_idx" ON "race_registrations" USING btree ("qualification_group_id");--> statement-breakpoint
CREATE INDEX "racers_qualification_group_idx" ON "racers" USING btree ("qualification_group_id");--> statement-breakpoint
CREATE INDEX "rounds_race_stage_idx" ON "rounds" USING btree ("race_id","stage");--> statement-breakpoint
CREATE INDEX "cup_category_age_categories_age_category_idx" ON "cup_category_age_categories" USING btree ("age_category_id");--> statement-breakpoint
CREATE INDEX "cup_category_races_race_idx" ON "cup_category_races" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "cup_category_races_rank_category_idx" ON "cup_category_races" USING btree ("cup_rank_category_id");--> statement-breakpoint
CREATE INDEX "cup_rank_categories_organization_idx" ON "cup_rank_categories" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "cups_organization_idx" ON "cups" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_organization_idx" ON "invitations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "invitations_email_lower_idx" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_hash_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_judge_account_idx" ON "sessions" USING btree ("judge_account_id");--> statement-breakpoint
CREATE INDEX "score_audit_log_race_at_idx" ON "score_audit_log" USING btree ("race_id","at");--> statement-breakpoint
CREATE INDEX "score_audit_log_round_idx" ON "score_audit_log" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."sent_at" is null;