-- Agents as registered identities and one answer per message (docs/decisions/073-agent-claims.md,
-- 077-agent-key-rotation.md).
-- A key that a newer one replaces keeps working until expires_at.
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- An external agent's claim on a conversation: the built-in brain leaves it alone.
ALTER TABLE "conversations" ADD COLUMN "agent_claim_key_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "agent_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Agents that already hold several active keys keep the newest; the older ones become rotated-out
-- keys that still work for 24 hours, so no running agent breaks at the upgrade.
UPDATE "api_keys" SET "expires_at" = now() + interval '24 hours'
WHERE "active" AND "expires_at" IS NULL AND EXISTS (
  SELECT 1 FROM "api_keys" AS "newer"
  WHERE "newer"."agent_id" = "api_keys"."agent_id" AND "newer"."active"
    AND ("newer"."created_at", "newer"."id") > ("api_keys"."created_at", "api_keys"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_one_current_per_agent_idx" ON "api_keys" USING btree ("agent_id") WHERE "api_keys"."active" and "api_keys"."expires_at" is null;
