CREATE TABLE "code_repositories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"host" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_repositories" ADD CONSTRAINT "code_repositories_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_repositories_task_idx" ON "code_repositories" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_repositories_name_idx" ON "code_repositories" USING btree ("host","name");