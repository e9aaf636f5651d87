import { z } from 'zod';

/**
 * `POST /code-sharing/api/test/repos` (docs/product.md "Calls"): a repository for a task. The spec's client sends a
 * `taskId` it generated; ours names the task by its id or, as the chat knows only its conversation,
 * by `conversationId` (the conversation's task). `userEmail` is the person to give access.
 */
export const createRepositoryRequestSchema = z
  .object({
    taskId: z.string().min(1).max(200).optional(),
    conversationId: z.string().min(1).max(200).optional(),
    description: z.string().max(2000).default(''),
    userEmail: z.string().max(320).default(''),
  })
  .refine((body) => body.taskId !== undefined || body.conversationId !== undefined, {
    message: 'taskId or conversationId is required',
    path: ['taskId'],
  });
export type CreateRepositoryRequest = z.input<typeof createRepositoryRequestSchema>;

/**
 * docs/product.md "Entities" "Repository response" (repoUrl, repoName), plus how to push when the repository is the
 * embedded local one: the HTTP Basic credentials (shown once; a new request gives new ones) and the
 * exact git commands.
 */
export const repositoryResponseSchema = z.object({
  repoUrl: z.string(),
  repoName: z.string(),
  host: z.enum(['github', 'local']),
  git: z
    .object({
      username: z.string(),
      password: z.string(),
      /** `repoUrl` with the credentials in it, for `git remote add`. */
      remoteUrl: z.string(),
      commands: z.array(z.string()),
    })
    .optional(),
});
export type RepositoryResponse = z.infer<typeof repositoryResponseSchema>;
