/** The hero heading of the empty home page (spec §1 and §2). */
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

/** The note under the input: the agent is an AI that gathers the information for a human (spec §1). */
export function AgentNote({ aiName }: { aiName: string }) {
  return (
    <p className="agent-note">
      {aiName} is an AI agent: it gathers all the information about your request and passes it on to a human expert.
    </p>
  );
}
