// The chat client shows "Sounds good / Let's modify it" on an agent message when it looks like a
// proposal (docs/product.md "Proposal"): proposal words present, no request for more details. The brains'
// `kind` and the words they quote must agree with what the person will see, so this one rule decides.

/** Words whose presence makes a message read as an estimate or proposal (docs/product.md "Entities"). */
const PROPOSAL_WORDS = /\b(estimate[sd]?|quote[sd]?|plan|next steps?|scope)\b/i;

/** Phrases that make a message read as a request for more information (docs/product.md "Entities"). */
export const ASKS_FOR_DETAILS =
  /\b(more (details?|information|info|context)|tell me more|(could|can|would) you (please )?(share|provide|tell|describe|clarify|explain|send))\b/i;

/**
 * True when `content` (markdown) reads as a proposal to the chat client: it names at least one of
 * estimate, quote, plan, next steps or scope, and does not ask for more details. Pure, never throws.
 */
export function looksLikeProposal(content: string): boolean {
  return PROPOSAL_WORDS.test(content) && !ASKS_FOR_DETAILS.test(content);
}
