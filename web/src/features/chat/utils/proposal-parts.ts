/** A proposal message cut into what its card shows: title, the summary and the headed sections. */
export interface ProposalParts {
  /** "Proposal" or "Revised proposal (version 2)". */
  label: string;
  /** What the work is, e.g. "Fix the 500 errors of the Next.js API routes"; null when the text has no title line. */
  title: string | null;
  /** Markdown before the first heading, without the request quoted back. */
  summary: string;
  /** Each `### Heading` and its Markdown. */
  sections: Array<{ heading: string; body: string }>;
}

/**
 * Straight quotes as typographic ones, so a title that quotes the person reads like the rest of the
 * page: "x" → “x”, 'x' → ‘x’, and an apostrophe inside a word → ’.
 */
export function typographicQuotes(text: string): string {
  return text
    .replace(/(^|[\s([{-])"/g, '$1“')
    .replace(/"/g, '”')
    .replace(/(\w)'(\w)/g, '$1’$2')
    .replace(/(^|[\s([{-])'/g, '$1‘')
    .replace(/'/g, '’');
}

const TITLE = /^\*\*((?:Revised proposal \(version \d+\))|Proposal): (.+)\*\*$/;
/** The request quoted back whole ("You wrote: “…”"): the conversation above already shows it. */
const QUOTED_REQUEST = /\s*You wrote: “[^”]*”\.?/;

/**
 * Splits an agent's proposal (Markdown) into its card's parts. The built-in agent writes a bold
 * title line, a summary and `###` sections (Scope, Plan, Assumptions, Estimate, Next steps); text in
 * another shape keeps everything in `summary`.
 */
export function proposalParts(content: string): ProposalParts {
  const lines = content.split('\n');
  const titled = TITLE.exec(lines[0]?.trim() ?? '');
  const rest = titled ? lines.slice(1) : lines;
  const sections: ProposalParts['sections'] = [];
  const summary: string[] = [];
  for (const line of rest) {
    const heading = /^###\s+(.+)$/.exec(line);
    if (heading?.[1]) sections.push({ heading: heading[1].trim(), body: '' });
    else if (sections.length > 0) {
      const last = sections[sections.length - 1]!;
      last.body += `${line}\n`;
    } else summary.push(line);
  }
  return {
    label: titled?.[1] ?? 'Proposal',
    title: titled?.[2] ? typographicQuotes(titled[2]) : null,
    summary: summary.join('\n').replace(QUOTED_REQUEST, '').trim(),
    sections: sections.map((s) => ({ heading: s.heading, body: s.body.trim() })).filter((s) => s.body !== ''),
  };
}
