-- Payments (docs/decisions/093-payments.md): a task's payment plan in integer minor units, and the ledger of
-- what was received, refunded or waived (a Stripe event's id once, so a replayed webhook adds nothing).
CREATE TABLE "task_payments" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"rate_minor" integer NOT NULL,
	"hours_high" integer NOT NULL,
	"deposit_minor" integer NOT NULL,
	"hours_worked" integer,
	"balance_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"actor_email" text,
	"external_id" text,
	"payment_intent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_payments" ADD CONSTRAINT "task_payments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_entries" ADD CONSTRAINT "payment_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_entries_task_idx" ON "payment_entries" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_entries_external_idx" ON "payment_entries" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "payment_entries_intent_idx" ON "payment_entries" USING btree ("payment_intent");
