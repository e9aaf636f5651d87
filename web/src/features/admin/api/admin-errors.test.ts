import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';
import { adminErrorText } from './admin-errors.ts';

describe('adminErrorText', () => {
  it('shows the spec text when the server says the caller is not an admin', () => {
    expect(adminErrorText(new ApiError(403, 'Forbidden', 'whatever', { code: 'admin_required' }), 'Failed to fetch users')).toBe(
      'Access denied: Admin privileges required',
    );
    expect(adminErrorText(new ApiError(403, 'Forbidden', null, { code: 'admin_required' }), 'Failed to delete task')).toBe(
      'Access denied: Admin privileges required',
    );
  });

  it('names the status of a failed list (docs/product.md "Errors": "Failed to fetch users: {status}")', () => {
    expect(adminErrorText(new ApiError(500, 'Internal Server Error', 'Internal server error'), 'Failed to fetch users')).toBe(
      'Failed to fetch users: 500',
    );
  });

  it("gives the server's reason for other failures, and the network's when there was no answer", () => {
    expect(adminErrorText(new ApiError(400, 'Bad Request', 'agentId: agentId is required'), 'Failed to create API key')).toBe(
      'Failed to create API key: agentId: agentId is required',
    );
    expect(adminErrorText(new NetworkError(new TypeError('Failed to fetch')), 'Failed to delete user')).toBe(
      'Failed to delete user: Failed to fetch',
    );
  });
});
