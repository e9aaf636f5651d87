// Plain values and functions every module shares, without zod: the web app's first view imports
// these (docs/decisions/056-types-not-schemas-in-the-first-view.md); the shared schemas are in ./common-schemas.ts.

/** The agent every chat message is addressed to (docs/product.md "Limits" "Message type and recipient"). */
export const AGENT_RECIPIENT_ID = 'agent-1';

/**
 * The recipient of a customer's message in a conversation handed to the human experts, while no
 * expert holds its task (docs/decisions/026-the-human-half.md). A client may send it as `recipientId`;
 * the server routes by the task's status either way.
 */
export const EXPERT_TEAM_RECIPIENT_ID = 'experts';

/**
 * Agent message text from this marker on is for staff only: clients never see it (docs/product.md "Calls", the
 * "task-section marker"). Admin views keep it.
 */
export const TASK_SECTION_MARKER = '[[TASK SECTION]]';

/** What {@link neutraliseTaskSectionMarker} writes instead of the marker: readable, and never the marker itself. */
export const NEUTRALISED_TASK_SECTION_MARKER = '[[ TASK SECTION ]]';

/**
 * Makes text that is not the agent's own staff section unable to start one: every
 * TASK_SECTION_MARKER becomes NEUTRALISED_TASK_SECTION_MARKER. Used on what people send and on the
 * content a model writes, so neither can cut a message short for clients nor write into the staff-only
 * part. The replacement keeps the brackets and changes only what is between them, so no marker can
 * re-form around it. Pure.
 */
export function neutraliseTaskSectionMarker(text: string): string {
  return text.replaceAll(TASK_SECTION_MARKER, NEUTRALISED_TASK_SECTION_MARKER);
}

/** Limits of docs/product.md "Validation" and "Limits", enforced by the server and mirrored by the client. */
export const LIMITS = {
  /** Messages a guest session may send in total (docs/product.md "Limits": "2 per the sign-in message"). */
  guestMessages: 2,
  /** Messages a signed-in user may send in one conversation (docs/product.md "Limits"). */
  signedInMessagesPerConversation: 10,
  /** Largest attachment, bytes (docs/product.md "Limits": 10MB each). */
  attachmentBytes: 10 * 1024 * 1024,
} as const;

/** Files one chat message may carry (repeated `file` parts of `POST /api/v2/messages`). */
export const MAX_FILES_PER_MESSAGE = 5;

const ATTACHMENT_MEGABYTES = LIMITS.attachmentBytes / (1024 * 1024);

/**
 * The texts of the limits above, written once: the server answers them as `detail` and the web app
 * shows them (docs/decisions/024-error-codes.md). The first two are docs/product.md "Validation" and "Errors", word for word.
 */
export const LIMIT_TEXTS = {
  /** What the chat shows a guest over LIMITS.guestMessages (the server's detail is "Authentication required"). */
  guestLimit: `You've reached the ${LIMITS.guestMessages}-message limit for guest users. Please sign in to continue.`,
  /** The server's detail for a signed-in user over LIMITS.signedInMessagesPerConversation, and the chat's banner. */
  signedInLimit: `You have reached the ${LIMITS.signedInMessagesPerConversation} message limit for this session. Please start a new conversation.`,
  /** Why one file is refused: the server says `"{name}" is …`, the chat "Failed to upload file: {name} - …". */
  fileTooLarge: `larger than the ${ATTACHMENT_MEGABYTES} MB limit for one file`,
  /** Why a message's extra files are refused, in the same two places. */
  tooManyFiles: `at most ${MAX_FILES_PER_MESSAGE} files per message`,
} as const;

/** docs/product.md "Errors" text when a repository cannot be created. */
export const REPOSITORY_FAILED_TEXT = 'Failed to create repository. Please try again.';
