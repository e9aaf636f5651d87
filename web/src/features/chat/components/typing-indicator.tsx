export const TYPING_TEXT = 'Agent is thinking hard, this may take a minute...';

/** Shown while the agent is thinking (docs/product.md "Screens"). */
export function TypingIndicator() {
  return (
    <div className="typing" role="status" aria-live="polite">
      <span className="typing__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="typing__text">{TYPING_TEXT}</span>
    </div>
  );
}
