// The journey's inputs and outputs, apart from journey.ts so the test can name them without the generated client.

/** What the journey needs from the test: a way through the identity provider. */
export interface JourneyOptions {
  baseUrl: string;
  /** How the generated client sends its requests (openapi-fetch's `fetch` option); the global fetch when left out. */
  fetch?: typeof fetch;
  guestId: string;
  /** Signs a person in at the provider: the one-time code for `POST /api/auth/session` and the browser's cookie header. */
  signIn(): Promise<{ code: string; cookie: string }>;
}

/** What happened, for the test to check. */
export interface JourneyResult {
  conversationId: string;
  guestRead: Array<{ sender_id: string; content: string }>;
  accepted: { status: string; proposalStatus: string };
}

/** The journey module's one export. */
export type RunJourney = (options: JourneyOptions) => Promise<JourneyResult>;
