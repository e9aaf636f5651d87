import { UNTHROTTLED } from '../support/test-server.ts';

/**
 * Server settings for the security suite: the per-address allowances (the test server's
 * UNTHROTTLED) and the sign-in and share-link ones set far above what the suite sends, so that every
 * answer it checks is the route's own and never a 429 from one test address sending thousands of
 * requests. The allowances themselves are tested in server/test/api/client-limits.test.ts (acceptances in
 * server/test/email/digests.test.ts).
 */
export const SECURITY_SUITE_ENV: Record<string, string> = {
  ...UNTHROTTLED,
  SIGN_IN_RATE_LIMIT: '1000000',
  SHARE_LINK_FAILURE_LIMIT: '1000000',
  ACCESS_REQUEST_LIMIT: '1000000',
  ACCEPTANCES_PER_USER_PER_DAY: '1000000',
};
