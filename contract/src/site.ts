import { publicPaymentsSchema } from './payments.ts';
import { z } from 'zod';

/**
 * The working names and the rate the web app shows (configuration, not code), fixed for a server's
 * life: the page carries them (page-config.ts). `hourlyRate` is already formatted for en-US readers, e.g. "$95".
 */
export const publicConfigSchema = z.object({
  productName: z.string(),
  aiName: z.string(),
  hourlyRate: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * How soon an expert first replies after a proposal is accepted (docs/product.md "Expected first reply"):
 * the median in whole minutes of the last 30 days' tasks (`basis: "measured"`, `tasks` of them), or the
 * configured `EXPERT_RESPONSE_DEFAULT_MINUTES` while fewer than 5 tasks had a reply (`basis: "default"`,
 * `tasks` the few measured).
 */
export const expertResponseSchema = z.object({
  medianMinutes: z.number().int().positive(),
  basis: z.enum(['measured', 'default']),
  tasks: z.number().int().nonnegative(),
});
export type ExpertResponse = z.infer<typeof expertResponseSchema>;

/**
 * Answer of `GET /api/config`: the {@link publicConfigSchema} names, and the expected first reply of an
 * expert, null when there is neither a measured figure nor a configured default (nothing is shown); and
 * how payments work here, null when they are off (docs/decisions/093-payments.md).
 */
export const configResponseSchema = publicConfigSchema.extend({
  expertResponse: expertResponseSchema.nullable(),
  payments: publicPaymentsSchema,
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;
