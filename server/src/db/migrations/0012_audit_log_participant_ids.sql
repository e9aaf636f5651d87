-- Audit log entries written before participant ids named guests by their guest id, a guest's only
-- credential, which admins read (docs/decisions/021-participant-ids.md). Each becomes the guest's
-- participant id, or a fresh random one for a guest that is gone (its data was deleted with it).
UPDATE "audit_log" SET "target_id" = coalesce(
  (SELECT "participant_id" FROM "users" WHERE "users"."id" = "audit_log"."target_id"),
  'participant-' || replace(gen_random_uuid()::text, '-', '')
) WHERE "target_id" LIKE 'guest-%';
--> statement-breakpoint
UPDATE "audit_log" SET "details" = jsonb_set("details", '{ownerId}', to_jsonb(coalesce(
  (SELECT "participant_id" FROM "users" WHERE "users"."id" = "audit_log"."details"->>'ownerId'),
  'participant-' || replace(gen_random_uuid()::text, '-', '')
))) WHERE "details"->>'ownerId' LIKE 'guest-%';
