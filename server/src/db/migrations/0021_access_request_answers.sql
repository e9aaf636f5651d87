-- An admin's answer to an access request (docs/product.md "Access request"): approved (a new share link
-- was emailed to the requester) or declined (a short note was emailed); requests already received are pending.
ALTER TABLE "access_requests" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "decided_by" text;
