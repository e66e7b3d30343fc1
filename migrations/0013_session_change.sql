-- Instances keep the sessions they loaded for a few seconds (lib/server/session-cache.ts).
-- Whatever could end or narrow a session notifies them on commit, whichever instance
-- or tool wrote it: a session deleted, moved to another location or made older; a
-- member's status, role, location or organization changed or the member deleted; a
-- role's privileges changed or the role deleted; a location's status changed.
-- A session's ordinary touch (last_seen_at moving forward) notifies nobody.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('craftdesk_session_change', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "session_deleted" AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "session_changed" AFTER UPDATE ON "session"
  FOR EACH ROW WHEN (
    OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.member_id IS DISTINCT FROM NEW.member_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
    OR NEW.last_seen_at < OLD.last_seen_at
    OR NEW.expires_at < OLD.expires_at
  ) EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "member_deleted" AFTER DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "member_changed" AFTER UPDATE ON "member"
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.role_id IS DISTINCT FROM NEW.role_id
    OR OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
  ) EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "role_deleted" AFTER DELETE ON "role"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "role_changed" AFTER UPDATE ON "role"
  FOR EACH ROW WHEN (OLD.privileges IS DISTINCT FROM NEW.privileges) EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "location_deleted" AFTER DELETE ON "location"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();--> statement-breakpoint
CREATE TRIGGER "location_changed" AFTER UPDATE ON "location"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION notify_session_change();
