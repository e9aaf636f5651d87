import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, messages, tasks } from '../../src/db/schema.ts';
import { settledCodeAnalysis } from '../support/code-analysis.ts';
import { databaseKinds } from '../support/databases.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { until } from '../support/until.ts';
import { buildZip, SMALL_PROJECT, SMALL_PROJECT_ANALYSIS } from '../support/zip.ts';

describe.each(databaseKinds)('code analysis of ZIP attachments on %s', (kind) => {
  const server = useTestApp(
    {
      AGENT_WORKER: 'false',
      CODE_ARCHIVE_MAX_BYTES: String(3 * 1024 * 1024),
      CODE_ARCHIVE_MAX_FILES: '50',
    },
    { kind },
  );

  const taskOf = async (conversationId: string) => {
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
    return task;
  };
  const analysedTaskOf = (conversationId: string) => settledCodeAnalysis(server.database.db, { conversationId });
  const countRows = async () => ({
    messages: (await server.database.db.select({ id: messages.id }).from(messages)).length,
    files: (await server.database.db.select({ id: files.id }).from(files)).length,
  });

  it("a small project's ZIP gives its task the file count, line count and main languages", async () => {
    const guest = { guest: newGuestId() };
    const zip = await buildZip(SMALL_PROJECT);
    const sent = await sendMessage(
      server,
      guest,
      { content: 'Here is my code' },
      { name: 'project.zip', type: 'application/zip', data: zip },
    );
    expect(sent.status).toBe(200);
    expect((await analysedTaskOf(sent.body.conversation_id)).codeAnalysis).toEqual(SMALL_PROJECT_ANALYSIS);
  });

  it('a later ZIP in the same conversation replaces the analysis', async () => {
    const guest = { guest: newGuestId() };
    const first = await sendMessage(
      server,
      guest,
      { content: 'v1' },
      { name: 'v1.zip', type: 'application/zip', data: await buildZip(SMALL_PROJECT) },
    );
    const second = await sendMessage(
      server,
      guest,
      { content: 'v2', conversationId: first.body.conversation_id },
      { name: 'v2.zip', type: 'application/octet-stream', data: await buildZip({ 'main.go': 'package main\n\nfunc main() {}\n' }) },
    );
    expect(second.status).toBe(200);
    // Both analyses are queued; one thread runs them in order, the later ZIP's last.
    await until(
      async () => (await analysedTaskOf(first.body.conversation_id)).codeAnalysis?.file_count === 1,
      60_000,
      'the second analysis',
    );
    expect((await taskOf(first.body.conversation_id))?.codeAnalysis).toEqual({ file_count: 1, line_count: 3, main_languages: ['Go'] });
  });

  it('a zip bomb is refused with 422 before it is unpacked, and nothing is stored', async () => {
    const before = await countRows();
    // 20 MB of zeros deflate to about 20 KB: a ratio near 1000.
    const bomb = await buildZip({ 'src/app.ts': 'export {};\n', 'data/zeros.bin': Buffer.alloc(20 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const sent = await sendMessage(
      server,
      { guest: newGuestId() },
      { content: 'my code' },
      { name: 'code.zip', type: 'application/zip', data: bomb },
    );
    expect(sent.status).toBe(422);
    expect(sent.body.code).toBe('archive_refused');
    expect(sent.body.detail).toMatch(/data\/zeros\.bin.*zip bomb/);
    expect(await countRows()).toEqual(before);
  });

  it('an archive that unpacks to more than the total limit is refused', async () => {
    // Random bytes do not compress, so no entry trips the ratio check: only the total (3 MB here) does.
    const blobs = Object.fromEntries(Array.from({ length: 4 }, (_, index) => [`blob-${index}.bin`, randomBytes(1024 * 1024)]));
    const sent = await sendMessage(
      server,
      { guest: newGuestId() },
      { content: 'big' },
      { name: 'big.zip', type: 'application/zip', data: await buildZip(blobs) },
    );
    expect(sent.status).toBe(422);
    expect(sent.body).toEqual({ code: 'archive_refused', detail: 'The archive unpacks to more than 3 MB, the most accepted' });
  });

  it('an archive with more files than the limit is refused', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`f${index}.txt`, `${index}\n`]));
    const sent = await sendMessage(
      server,
      { guest: newGuestId() },
      { content: 'many' },
      { name: 'many.zip', type: 'application/zip', data: await buildZip(many) },
    );
    expect(sent.status).toBe(422);
    expect(sent.body).toEqual({ code: 'archive_refused', detail: 'The archive has 51 entries; at most 50 are accepted' });
  });

  it('an archive with a path leaving its folder (zip slip) is refused', async () => {
    // yazl refuses to write "../", so write "xx/" and patch the name in place (same length).
    const zip = await buildZip({ 'xx/evil.sh': 'echo owned\n', 'ok.txt': 'fine\n' });
    const patched = Buffer.from(zip.toString('latin1').replaceAll('xx/evil.sh', '../evil.sh'), 'latin1');
    const before = await countRows();
    const sent = await sendMessage(
      server,
      { guest: newGuestId() },
      { content: 'code' },
      { name: 'slip.zip', type: 'application/zip', data: patched },
    );
    expect(sent.status).toBe(422);
    expect(sent.body).toEqual({ code: 'archive_refused', detail: expect.stringMatching(/unsafe path/) });
    expect(await countRows()).toEqual(before);
  });

  it('a Word document (a ZIP inside) is stored without analysis', async () => {
    const guest = { guest: newGuestId() };
    const docx = await buildZip({
      '[Content_Types].xml':
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      'word/document.xml': '<w:document/>',
    });
    const sent = await sendMessage(server, guest, { content: 'spec' }, { name: 'spec.docx', type: 'application/octet-stream', data: docx });
    expect(sent.status).toBe(200);
    expect(await taskOf(sent.body.conversation_id)).toMatchObject({ codeAnalysis: null, codeAnalysisState: null });
  });
});
