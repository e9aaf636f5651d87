-- Email digests (docs/decisions/079-email-digests.md): how far each person's digest of one topic
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
ALTER TABLE "email_digests" ADD CONSTRAINT "email_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
