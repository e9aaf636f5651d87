import { useState, type FormEvent } from 'react';
import type { ApiKey, CreateApiKeyResponse } from '@unstuck/contract';
import { formatTimestamp } from '../../../lib/format.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useCreateApiKey } from '../api/create-api-key.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import type { AdminTabProps } from './admin-tabs.ts';
import { AdminTable } from './admin-table.tsx';
import { ApiKeyCreatedModal } from './api-key-created-modal.tsx';

const CONFIRM_REVOKE = 'Are you sure you want to revoke this API key? This action cannot be undone.';
const FORMAT_HINT = 'agent_name_001';

/** Spec §2 "API Keys tab": the creation form, the keys table with Revoke, and the one-time key modal. */
export function ApiKeysTab({ onError, onNotice }: AdminTabProps) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [agentId, setAgentId] = useState('');
  const [agentName, setAgentName] = useState('');
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: both are required.
    if (!agentId.trim() || !agentName.trim()) {
      onError('Agent ID and Agent Name are required.');
      return;
    }
    try {
      setCreated(await create.mutateAsync({ agentId: agentId.trim(), agentName: agentName.trim() }));
      setAgentId('');
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
          <input className="field__input" value={agentId} onChange={(e) => setAgentId(e.target.value)} placeholder={FORMAT_HINT} required />
        </label>
        <label className="field">
          <span className="field__label">Agent Name</span>
          <input
            className="field__input"
            value={agentName}
            onChange={(e) => setAgentName(e.target.value)}
            placeholder={FORMAT_HINT}
            required
          />
        </label>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create'}
        </button>
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
                <span className={`badge ${key.active ? 'badge--success' : 'badge--neutral'}`}>{key.active ? 'Active' : 'Revoked'}</span>
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
