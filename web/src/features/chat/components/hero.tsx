/** The hero heading of the empty home page (docs/product.md "Audience" and "Screens"). */
export function Hero() {
  return (
    <div className="hero__intro">
      <h1 className="hero__title">
        Stuck building with{' '}
        <span className="hero__title-end">
          AI? <span className="beta-badge">beta</span>
        </span>
      </h1>
      <p className="hero__subtitle">Bring your ideas to life with human expert help.</p>
    </div>
  );
}

/** The note under the input: the agent is an AI that gathers the information for a human (docs/product.md "Audience"). */
export function AgentNote({ aiName }: { aiName: string }) {
  return (
    <p className="agent-note">
      {aiName} is an AI agent: it gathers all the information about your request and passes it on to a human expert.
    </p>
  );
}

/** Requests a first-time visitor can start from; a click puts one in the input. */
export const EXAMPLE_REQUESTS = [
  'My Lovable app stopped saving data after I connected Supabase auth',
  'Add Stripe subscriptions to the Next.js app I built with Cursor',
  'My Bolt.new site is slow and crashes when more than 50 people use it',
] as const;

/** Three example requests under the input; picking one fills the input for the visitor to edit and send. */
export function ExampleRequests({ onPick }: { onPick: (text: string) => void }) {
  return (
    <section className="examples" aria-labelledby="examples-title">
      <h2 id="examples-title" className="examples__title">
        Try an example
      </h2>
      <ul className="examples__list">
        {EXAMPLE_REQUESTS.map((text) => (
          <li key={text}>
            <button type="button" className="examples__item" onClick={() => onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What happens after the visitor writes, in three steps, with the hourly rate from configuration
 * (`AGENT_HOURLY_RATE`, formatted by the server).
 */
export function HowItWorks({ aiName, hourlyRate }: { aiName: string; hourlyRate: string }) {
  return (
    <section className="how" aria-labelledby="how-title">
      <h2 id="how-title" className="how__title">
        How it works
      </h2>
      <ol className="how__steps">
        <li className="how__step">
          <span className="how__number" aria-hidden="true">
            1
          </span>
          <h3 className="how__name">Describe it</h3>
          <p>Tell us what you are building, what you used and where you are stuck. Attach files or share your code.</p>
        </li>
        <li className="how__step">
          <span className="how__number" aria-hidden="true">
            2
          </span>
          <h3 className="how__name">{aiName} scopes it</h3>
          <p>It asks a few questions, then gives you a plan and an estimate in hours and price. Nothing is charged until you accept.</p>
        </li>
        <li className="how__step">
          <span className="how__number" aria-hidden="true">
            3
          </span>
          <h3 className="how__name">A human expert does the work</h3>
          <p>
            Accept the estimate and an expert takes it from there, in this conversation, at <strong>{hourlyRate} per hour</strong>.
          </p>
        </li>
      </ol>
    </section>
  );
}
