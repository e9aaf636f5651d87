-- Email digests (docs/decisions/086-email-digests.md): how far each person's digest of one topic
-- (a conversation's unread messages, new tasks) has gone.
CREATE TABLE "email_digests" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"version" integer NOT NULL,
	"through_seq" bigint,
	"through_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_digests_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
ALTER TABLE "email_digests" ADD CONSTRAINT "email_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Reply by email (docs/decisions/087-reply-by-email.md): hashed reply tokens per conversation and
-- recipient, and the Message-IDs of the inbound emails taken in.
CREATE TABLE "email_reply_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbound_emails" (
	"message_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_reply_tokens" ADD CONSTRAINT "email_reply_tokens_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_reply_tokens" ADD CONSTRAINT "email_reply_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_reply_tokens_user_idx" ON "email_reply_tokens" USING btree ("user_id","conversation_id");
