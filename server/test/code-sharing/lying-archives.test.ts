import { describe, expect, it } from 'vitest';
import { settledCodeAnalysis } from '../support/code-analysis.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { buildZip } from '../support/zip.ts';

const SOURCE = `export const answer = 42;\n${'// padding\n'.repeat(200)}`;

/**
 * A one-file ZIP whose declared uncompressed size is one byte short of its data: in the central
 * directory only (the two headers disagree), or in both headers (only inflating shows it).
 */
async function lyingZip(where: 'central' | 'both'): Promise<Buffer> {
  const zip = Buffer.from(await buildZip({ 'src/answer.ts': SOURCE }));
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const central = zip.readUInt32LE(endOfDirectory + 16);
  // Offsets of the uncompressed size: 24 in a central directory entry, 22 in a local header (at 0 here).
  const declared = zip.readUInt32LE(central + 24);
  zip.writeUInt32LE(declared - 1, central + 24);
  if (where === 'both') zip.writeUInt32LE(declared - 1, 22);
  return zip;
}

describe('ZIP attachments whose declared sizes lie', () => {
  const subject = useTestApp({ AGENT_WORKER: 'false' });
  const send = async (data: Buffer) =>
    sendMessage(subject, { guest: newGuestId() }, { content: 'My code' }, { name: 'code.zip', type: 'application/zip', data });

  it('headers that disagree refuse the send as a damaged archive', async () => {
    const refused = await send(await lyingZip('central'));
    expect(refused).toEqual({
      status: 400,
      body: { code: 'invalid_archive', detail: 'The archive is damaged: the sizes of src/answer.ts differ between its two headers' },
    });
  });

  it('headers that agree on a wrong size pass the send; the analysis reports a damaged archive', async () => {
    const sent = await send(await lyingZip('both'));
    expect(sent.status).toBe(200);
    const task = await settledCodeAnalysis(subject.runtime.deps.db, { conversationId: sent.body.conversation_id });
    expect(task).toMatchObject({
      codeAnalysisState: 'failed',
      codeAnalysisFailure: expect.stringMatching(/^The archive is damaged: src\/answer\.ts cannot be read/),
    });
  });
});
