import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEvaluationSet, type EvaluationSetInput } from '../../eval/intake/dev-set.ts';
import { renderReport } from '../../eval/intake/report.ts';
import { runIntakeEvaluation } from '../../eval/intake/run.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import path from 'node:path';

const SET: EvaluationSetInput = {
  cases: [
    {
      first: 'Our Rails app on Heroku throws "PG::ConnectionBad" every night at 2 am since we moved to a new database plan.',
      stack: ['Ruby on Rails', 'Heroku'],
      ai_tools: [],
      request_type: 'bug_fix',
      answers: {
        details: 'The log says "PG::ConnectionBad: could not connect to server" during the nightly import job.',
        goal: 'The nightly import runs without errors.',
        deadline: 'next week',
        budget: '$500',
        code: 'Private GitHub repo.',
      },
    },
    {
      first: 'I used Cursor to build a Vue 3 dashboard and now I want it connected to our HubSpot deals.',
      stack: ['Vue', 'HubSpot'],
      ai_tools: ['Cursor'],
      request_type: 'integration',
      answers: {
        details: 'About 300 deals, updated a few times a day.',
        goal: 'The dashboard shows live deal stages.',
        deadline: 'in a month',
        budget: '$1,500',
        code: 'On GitHub.',
      },
    },
  ],
};

describe('the intake evaluation harness', () => {
  it('reads the development set in the repository: every case with an envelope, some that tell things up front', async () => {
    const set = await loadEvaluationSet(path.join(import.meta.dirname, '../../eval/intake-dev-set.json'));
    expect(set.cases.length).toBeGreaterThanOrEqual(50);
    expect(set.cases.every((c) => c.envelope && c.envelope.min_hours < c.envelope.max_hours)).toBe(true);
    expect(set.cases.filter((c) => c.attachment).length).toBeGreaterThanOrEqual(3);
    expect(set.cases.filter((c) => c.told.length > 0).length).toBeGreaterThanOrEqual(4);
  });

  it("sends a case's ZIP with its first message, where the server analyses it, and scores the envelope", async () => {
    const report = await runIntakeEvaluation({
      cases: [
        {
          first: 'Please review the attached Express API for security problems before we launch. We need it in two weeks, budget $2,000.',
          stack: ['Express'],
          ai_tools: [],
          request_type: 'security_review',
          told: ['deadline', 'budget'],
          attachment: { file_name: 'api.zip', files: 12, lines: 2_400, languages: ['JavaScript', 'TypeScript'] },
          envelope: { min_hours: 6, max_hours: 40 },
          answers: {
            details: 'Sign-up, payments and file uploads; Postgres behind it.',
            goal: 'We launch knowing there are no serious holes.',
            deadline: 'two weeks',
            budget: '$2,000',
            code: 'In the zip.',
          },
        },
      ],
    });
    const [score] = report.scores;
    expect(score).toMatchObject({ askedTold: [], insideEnvelope: true, loop: false });
    expect(report.totals).toMatchObject({ envelopes: 1, insideEnvelope: 1, askedTold: 0 });
    expect(report.transcripts[0]?.[0]?.content).toContain('(Attached: api.zip)');
    // The server took the harness's archive (a damaged one would refuse the message) and the agent did not ask for the code.
    expect(report.transcripts[0]?.some((t) => t.role === 'agent' && t.content.includes('Code: in the attached api.zip'))).toBe(true);
    const table = renderReport(report);
    expect(table).toContain('| Estimates inside the envelope | 100% (1/1) ✓ | ≥ 90% |');
    expect(table).toContain('| Asked for something it was told | 0 ✓ | 0 |');
  }, 120_000);

  it('plays each case through the API with the offline agent and scores it', async () => {
    const report = await runIntakeEvaluation(SET);

    expect(report.brain).toBe('intake');
    expect(report.totals).toMatchObject({ cases: 2, typeRight: 2, aiToolsAsStack: 0, aiToolsNoted: 1, loops: 0, repeatedQuestions: 0 });
    expect(report.totals.stackRecall).toBe(1);
    expect(report.totals.estimatesStated).toBe(report.totals.proposals);
    expect(report.scores.every((s) => s.turnsToProposal !== null && s.turnsToProposal <= 4)).toBe(true);
    // The simulated person answered with the set's words, as the transcript shows.
    expect(report.transcripts[0]?.some((t) => t.role === 'person' && t.content.includes('PG::ConnectionBad: could not connect'))).toBe(
      true,
    );
    const table = renderReport(report);
    expect(table).toContain('| Stack recall in the agent’s own words | 100% (4/4) ✓ | ≥ 95% |');
    expect(table).toContain('| 1 | Our Rails app on Heroku throws');
  }, 120_000);

  describe('against an OpenAI-compatible endpoint', () => {
    let llm: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;
    beforeAll(async () => {
      llm = await startOpenAiCompatibleServer();
    });
    afterAll(async () => {
      await llm.close();
    });

    it('runs the LLM brain configured by the environment and scores what it answers', async () => {
      const brief = {
        title: 'Fix nightly PG::ConnectionBad',
        description: SET.cases[0]!.first,
        diagnosis: null,
        clarifiedScope: null,
        jobSummaryForEngineer: null,
      };
      const reading = { requestType: 'bug_fix', stack: ['Ruby on Rails', 'Heroku', 'PostgreSQL', 'Cursor'], aiTools: [] };
      llm.reply(
        {
          json: {
            kind: 'question',
            content: 'What exactly does the log say, and where is the code?',
            staffNotes: '',
            brief,
            reading,
            estimate: null,
          },
        },
        {
          json: {
            kind: 'proposal',
            content:
              'Fix the nightly database errors.\n\n## Scope\n- Fix\n\n## Plan\n1. Fix\n\n## Next steps\nAn expert emails you.\n\n## Estimate\n4–8 hours',
            staffNotes: '',
            brief,
            reading,
            estimate: { hoursLow: 4, hoursHigh: 8 },
          },
        },
      );

      const report = await runIntakeEvaluation(
        { cases: [SET.cases[0]!] },
        { env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'scripted', LLM_TIMEOUT_MS: '5000' } },
      );

      expect(report.brain).toBe('llm:openai-compatible:scripted');
      expect(report.scores[0]).toMatchObject({
        firstType: 'bug_fix',
        stackNamed: 2,
        turnsToProposal: 2,
        estimateStated: true,
        loop: false,
      });
      expect(report.scores[0]?.estimate).toEqual({ hoursLow: 4, hoursHigh: 8, priceLow: 380, priceHigh: 760, currency: 'USD' });
      // The guard rails moved the AI assistant the model listed as stack to the AI tools.
      expect(llm.requests).toHaveLength(2);
      expect(JSON.stringify(llm.requests[1]?.body.messages)).toContain('PG::ConnectionBad: could not connect');
    }, 120_000);
  });
});
