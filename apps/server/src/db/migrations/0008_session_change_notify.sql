-- Every instance remembers signed-in sessions for a few seconds (features/auth/session-cache.ts).
-- Whatever changes or removes a session or its user (sign-out, revoking sessions, a password reset,
-- an account deletion and its cascade, a plan change, a direct edit by an operator) tells every
-- instance at commit, with the user's id ('*' for a TRUNCATE: everyone), so none of them keeps
-- using what it remembered.
CREATE FUNCTION polymath_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('polymath_session_change', '*');
  ELSE
    PERFORM pg_notify('polymath_session_change', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_change_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION polymath_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER users_change_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION polymath_session_change('id');
--> statement-breakpoint
CREATE TRIGGER sessions_truncate_notify AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION polymath_session_change();
--> statement-breakpoint
CREATE TRIGGER users_truncate_notify AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION polymath_session_change();
