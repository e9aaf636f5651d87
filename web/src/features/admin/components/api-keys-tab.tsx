import { useState, type FormEvent } from 'react';
import { AGENT_KEY_RECIPIENTS, API_KEY_ROTATION_GRACE_HOURS, type ApiKey, type CreateApiKeyResponse } from '@unstuck/contract';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import type { AdminTabProps } from './admin-tabs.ts';
import { AdminTable } from './admin-table.tsx';
import { ApiKeyCreatedModal } from './api-key-created-modal.tsx';

const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key? This action cannot be undone.';
type RecipientId = (typeof AGENT_KEY_RECIPIENTS)[number]['id'];

/**
 * docs/product.md "API Keys tab": the creation form, the keys table with Revoke, and the one-time key modal.
 * A key acts as one of the agents messages are addressed to (today agent-1), and each has one current
 * key: when it has one, the form rotates it (decisions 028 and 077).
 */
export function ApiKeysTab({ onError, onNotice }: AdminTabProps) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [agentId, setAgentId] = useState<RecipientId>(AGENT_KEY_RECIPIENTS[0].id);
  const [agentName, setAgentName] = useState('');
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const recipient = AGENT_KEY_RECIPIENTS.find((candidate) => candidate.id === agentId) ?? AGENT_KEY_RECIPIENTS[0];
  const current = keys.data?.find((key) => key.agentId === agentId && key.active && key.expiresAt === null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md "Validation": both are required.
    if (!agentName.trim()) {
      onError('Agent ID and Agent Name are required.');
      return;
    }
    try {
      setCreated(await create.mutateAsync({ agentId, agentName: agentName.trim(), rotate: current !== undefined }));
      setAgentName('');
    } catch (failure) {
      onError(adminErrorText(failure, 'Failed to create API key'));
    }
  };

  const revokeKey = async (key: ApiKey) => {
    if (!window.confirm(CONFIRM_REVOKE)) return;
    try {
      await revoke.mutateAsync(key.id);
      onNotice(`Revoked the key of ${key.agentName}.`);
    } catch (failure) {
      onError(adminErrorText(failure, 'Failed to revoke API key'));
    }
  };

  return (
    <div className="admin-stack">
      <form className="admin-form" onSubmit={(event) => void submit(event)} aria-label="Create an API key">
        <label className="field">
          <span className="field__label">Agent ID</span>
          <select
            className="field__input"
            value={agentId}
            onChange={(e) => setAgentId(AGENT_KEY_RECIPIENTS.find((candidate) => candidate.id === e.target.value)?.id ?? agentId)}
            aria-describedby="api-key-agent-hint"
          >
            {AGENT_KEY_RECIPIENTS.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Agent Name</span>
          <input
            className="field__input"
            value={agentName}
            onChange={(e) => setAgentName(e.target.value)}
            placeholder="e.g. Support bot on Claude Code"
            required
          />
        </label>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : current ? 'Rotate key' : 'Create'}
        </button>
        <p id="api-key-agent-hint" className="field__hint">
          {recipient.description} The key is the agent&apos;s identity: agents connect with it to the MCP server (see the{' '}
          <a href="/docs/mcp-server">agent documentation</a>).
          {current
            ? ` ${agentId} has an active key (${current.agentName}): a new one replaces it, and the current key keeps working for ${API_KEY_ROTATION_GRACE_HOURS} hours, then it is revoked.`
            : ''}
        </p>
      </form>
      <AdminTable
        query={keys}
        label="API keys"
        loadingLabel="Loading API keys..."
        failure="Failed to fetch API keys"
        headers={['Agent Name', 'Agent ID', 'Status', 'Created At', 'Last Access', 'Usage Count', 'Actions']}
        emptyText="No API keys yet"
        rows={(list) =>
          list.map((key) => (
            <tr key={key.id}>
              <td>{key.agentName}</td>
              <td className="data-table__value">{key.agentId}</td>
              <td>
                <span className={`badge ${key.active ? 'badge--success' : 'badge--neutral'}`}>
                  {!key.active ? 'Revoked' : key.expiresAt ? `Active until ${formatTimestamp(key.expiresAt)}` : 'Active'}
                </span>
              </td>
              <td>{formatTimestamp(key.createdAt)}</td>
              <td>{key.lastAccess ? formatTimestamp(key.lastAccess) : 'Never'}</td>
              <td>{key.accessCount}</td>
              <td>
                {key.active ? (
                  <button
                    type="button"
                    className="button button--ghost button--small button--danger-text"
                    aria-label={`Revoke the key of ${key.agentName}`}
                    onClick={() => void revokeKey(key)}
                  >
                    Revoke
                  </button>
                ) : null}
              </td>
            </tr>
          ))
        }
      />
      <ApiKeyCreatedModal created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
