-- The human half (docs/decisions/026-the-human-half.md): the customer confirms, reopens and rates done
-- work; the expert workspace lists tasks by assignee.
ALTER TABLE "tasks" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "rating_score" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tasks_assignee_idx" ON "tasks" USING btree ("assignee_id");