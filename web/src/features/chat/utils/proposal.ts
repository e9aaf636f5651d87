import { looksLikeProposal, type MessageMetadata } from '@unstuck/contract';

/**
 * Whether an agent message is a proposal with accept and modify actions: the agent's own `kind`
 * wins; without one (older or third-party agents) the shared text rule of docs/product.md "Entities" decides, the same
 * rule the built-in agent uses to choose its `kind`.
 */
export function isProposal(content: string, metadata: Pick<MessageMetadata, 'kind'>): boolean {
  if (metadata.kind) return metadata.kind === 'proposal';
  return looksLikeProposal(content);
}
