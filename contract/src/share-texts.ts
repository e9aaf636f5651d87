// Plain values, no zod: the share page's first request reads them (docs/decisions/063-public-pages-load-in-parallel.md).

/** The texts of docs/product.md "Errors" "Share page", by the answer's status; the server sends them as `detail` too. */
export const SHARE_ERROR_TEXT = {
  notFound: 'Share link not found. It may have been deleted or is invalid.',
  expired: 'This share link has expired. You can request access below.',
  inactive: 'This share link is no longer active.',
} as const;
