ALTER TABLE "messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_idempotency_key_idx" ON "messages" USING btree ("sender_id","idempotency_key");