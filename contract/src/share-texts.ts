// Plain values, no zod: the share page's first request reads them (docs/decisions/063-public-pages-load-in-parallel.md).
import type { ShareResponse } from './shares.ts';

/** The texts of docs/product.md "Errors" "Share page", by the answer's status; the server sends them as `detail` too. */
export const SHARE_ERROR_TEXT = {
  notFound: 'Share link not found. It may have been deleted or is invalid.',
  expired: 'This share link has expired. You can request access below.',
  inactive: 'This share link is no longer active.',
} as const;

/** What the share page shows instead of a task (docs/product.md "Validation", "Errors"). */
export type ShareFailure = { message: string; canRequestAccess: boolean };

/**
 * What the server found for a share token, painted into the share page and handed to the browser with it
 * (docs/decisions/097-share-page-painted-on-the-server.md): the shared task, or the failure shown instead.
 */
export type SharedTaskOutcome = { token: string; shared: ShareResponse } | { token: string; failure: ShareFailure };

/** The id of the JSON element in which the server hands the painted share page's outcome to the browser. */
export const SHARED_TASK_ELEMENT_ID = 'shared-task';
