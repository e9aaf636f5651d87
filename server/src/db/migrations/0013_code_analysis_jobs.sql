-- Code analysis runs as a job (docs/decisions/025-code-analysis-jobs.md): the task says where it
-- stands, a local repository which tree was analysed last. Analyses made before were finished.
ALTER TABLE "code_repositories" ADD COLUMN "analysed_tree" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "code_analysis_state" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "code_analysis_failure" text;--> statement-breakpoint
UPDATE "tasks" SET "code_analysis_state" = 'ready' WHERE "code_analysis" IS NOT NULL;
