-- Keeps race_results_versions (schema/results-versions.ts): every committed transaction that
-- changes what a race's results are computed from raises that race's version once and notifies
-- the live hubs (channel race_results, payload the race id). The triggers are deferred constraint
-- triggers, so they run at commit: the version row is locked only from then to the end of the
-- commit, and a transaction that changes many rows of one race bumps its version once (the races
-- already bumped are kept in the transaction-local setting climbing.results_bumped).
CREATE FUNCTION bump_race_results_version(race integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped text := coalesce(current_setting('climbing.results_bumped', true), '');
BEGIN
  IF race IS NULL OR position(',' || race || ',' IN bumped) > 0 THEN
    RETURN;
  END IF;
  INSERT INTO race_results_versions (race_id, version) VALUES (race, 1)
    ON CONFLICT (race_id) DO UPDATE SET version = race_results_versions.version + 1;
  PERFORM set_config('climbing.results_bumped', CASE WHEN bumped = '' THEN ',' ELSE bumped END || race || ',', true);
  PERFORM pg_notify('race_results', race::text);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION results_changed_by_race_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_race_results_version(OLD.race_id);
  ELSE
    PERFORM bump_race_results_version(NEW.race_id);
    IF TG_OP = 'UPDATE' AND OLD.race_id IS DISTINCT FROM NEW.race_id THEN
      PERFORM bump_race_results_version(OLD.race_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION results_changed_by_round_id() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  race integer;
BEGIN
  -- A row deleted with its round finds no round any more; the round's own deletion bumped the race.
  SELECT r.race_id INTO race FROM rounds r WHERE r.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.round_id ELSE NEW.round_id END);
  PERFORM bump_race_results_version(race);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION results_changed_race() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_race_results_version(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION results_changed_age_category() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  race integer;
BEGIN
  FOR race IN SELECT DISTINCT r.race_id FROM racers r WHERE r.age_category_id = OLD.id ORDER BY 1 LOOP
    PERFORM bump_race_results_version(race);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER races_results_changed AFTER INSERT OR UPDATE ON races DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_race();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER racers_results_changed AFTER INSERT OR UPDATE OR DELETE ON racers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_race_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER qualification_groups_results_changed AFTER INSERT OR UPDATE OR DELETE ON qualification_groups DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_race_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER rounds_results_changed AFTER INSERT OR UPDATE OR DELETE ON rounds DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_race_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER speed_matches_results_changed AFTER INSERT OR UPDATE OR DELETE ON speed_matches DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_race_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER score_audit_log_results_changed AFTER INSERT ON score_audit_log DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_race_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER boulder_scores_results_changed AFTER INSERT OR UPDATE OR DELETE ON boulder_scores DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_round_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER lead_routes_results_changed AFTER INSERT OR UPDATE OR DELETE ON lead_routes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_round_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER speed_routes_results_changed AFTER INSERT OR UPDATE OR DELETE ON speed_routes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_by_round_id();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER age_categories_results_changed AFTER UPDATE OR DELETE ON age_categories DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION results_changed_age_category();
--> statement-breakpoint
INSERT INTO race_results_versions (race_id, version) SELECT id, 1 FROM races;
