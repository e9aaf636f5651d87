-- Proposal versions (docs/decisions/030-proposal-versions.md): each proposal message carries its
-- version within the task in metadata.proposal_version, and the task the version of its current
-- (once accepted, the accepted) proposal.
ALTER TABLE "tasks" ADD COLUMN "proposal_version" integer;--> statement-breakpoint
-- Proposals sent before this migration are numbered in the order they were sent, per conversation
-- (one task per conversation); they carry no changes, which are computed only when a proposal is stored.
UPDATE "messages" SET "metadata" = "messages"."metadata" || jsonb_build_object('proposal_version', "numbered"."version")
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "conversation_id" ORDER BY "seq") AS "version"
  FROM "messages" WHERE "metadata"->>'kind' = 'proposal'
) AS "numbered"
WHERE "messages"."id" = "numbered"."id";--> statement-breakpoint
UPDATE "tasks" SET "proposal_version" = ("messages"."metadata"->>'proposal_version')::integer
FROM "messages" WHERE "messages"."id" = "tasks"."proposal_message_id";
