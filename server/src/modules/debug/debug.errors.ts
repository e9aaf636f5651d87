import { unauthorized } from '../../lib/errors.ts';

// Errors of the debug pages' calls (docs/decisions/024-error-codes.md).

/** 401 from the session check without a signed-in user (the page shows docs/product.md "Errors" "Not authenticated. Please log in again."). */
export const notAuthenticated = () => unauthorized('Not authenticated');
