import { inlineTextFile, type Attachment, type Message } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import type { ReceivedFile } from '../../lib/received-file.ts';
import type { FileUrlSigner } from '../../lib/file-url-signer.ts';
import { filePath } from './file-urls.ts';
import { attachUnsentFiles, findFile, insertFile, listConversationFiles } from './files.repository.ts';

// For other modules: the repository is theirs to call only through this service (eslint.config.js).
export { listConversationFiles, moveFilesToOwner, takeFileRecords } from './files.repository.ts';

/** A stored file as messages carry it, and its text when it is a plain-text file. */
export interface StoredFile {
  id: string;
  attachment: Attachment;
  /** The start of a `text/plain` file's text and its length (inlined into messages between "File" markers); null otherwise. */
  text: ReceivedFile['text'];
}

/**
 * Links to our files inside a text: `/api/v2/files/{id}`, with or without the file-name segment of
 * older links and a signature query. Group 1 is the id.
 */
export const FILE_URL_IN_TEXT = /\/api\/v2\/files\/([0-9a-f-]{36})(?:\/[^\s?#)"'<>\]]*)?(?:\?[^\s#)"'<>\]]*)?/gi;

/** The file id in one of our file URLs, or null for any other URL. */
export function fileIdOfUrl(url: string): string | null {
  return /^\/api\/v2\/files\/([0-9a-f-]{36})(?:[/?]|$)/i.exec(url)?.[1]?.toLowerCase() ?? null;
}

/**
 * Records a received file (its bytes are in storage already, {@link receiveFile}).
 * @param input.conversationId the conversation it belongs to; null for an upload not sent yet (its
 *   owner's next message that links it claims it, {@link claimLinkedFiles}).
 * @throws when the file was only inspected (no storage key): such a file is never recorded.
 */
export async function recordFile(
  db: Db,
  input: { ownerId: string; conversationId: string | null; file: ReceivedFile },
): Promise<StoredFile> {
  const { file } = input;
  if (!file.storageKey) throw new Error('Only a stored file can be recorded');
  const id = file.storageKey;
  const fileName = sanitizeFileName(file.fileName);
  await insertFile(db, {
    id,
    ownerId: input.ownerId,
    conversationId: input.conversationId,
    fileName,
    contentType: file.contentType,
    size: file.size,
    storageKey: id,
  });
  return {
    id,
    attachment: { url: filePath(id), file_name: fileName, size: file.size, content_type: file.contentType },
    text: file.text,
  };
}

/**
 * Records the files sent with a message in a conversation (a customer's send or an expert's reply,
 * the same path: docs/decisions/026-the-human-half.md) and writes the message's content: the typed
 * text, then each plain-text file inlined between "File" markers (docs/product.md "Calls" note: agent-1 reads them;
 * the file stays attached whole). Call in the message's transaction.
 * @returns the content to store and the stored files, in the order sent.
 */
export async function recordMessageFiles(
  db: Db,
  input: { ownerId: string; conversationId: string; typed: string; files: ReceivedFile[] },
): Promise<{ content: string; stored: StoredFile[] }> {
  const stored: StoredFile[] = [];
  for (const file of input.files) stored.push(await recordFile(db, { ownerId: input.ownerId, conversationId: input.conversationId, file }));
  const inlined = stored.flatMap((one) => (one.text ? [inlineTextFile(one.attachment.file_name, one.text.start, one.text.length)] : []));
  return { content: [input.typed, ...inlined].filter(Boolean).join('\n\n'), stored };
}

/**
 * Gives the conversation the caller's own not-yet-sent uploads that `text` links to (uploads made
 * through `POST /code-sharing/api/files/upload` before the message existed). Other files are left
 * alone: nobody hands someone else's file to a conversation by linking it.
 * @returns the files claimed (their code is analysed as attachments' is).
 */
export async function claimLinkedFiles(
  db: Db,
  ownerId: string,
  conversationId: string,
  text: string,
): Promise<Array<{ id: string; contentType: string }>> {
  const ids = [...new Set([...text.matchAll(FILE_URL_IN_TEXT)].map((match) => match[1]!.toLowerCase()))];
  return (await attachUnsentFiles(db, ownerId, conversationId, ids)).map((row) => ({ id: row.id, contentType: row.contentType }));
}

/**
 * Reads a stored file by id.
 * @returns its record and bytes, or null when unknown.
 */
export async function readFile(deps: { db: Db; storage: FileStorage }, id: string) {
  const record = await findFile(deps.db, id);
  if (!record) return null;
  const data = await deps.storage.get(record.storageKey);
  return data ? { record, data } : null;
}

/**
 * Whether a caller identified by headers may read a file: its uploader, or the owner of the
 * conversation it belongs to. Others (staff, share-link holders) reach files through the signed
 * links of the views they are allowed to see.
 */
export function isFileParticipant(record: NonNullable<Awaited<ReturnType<typeof findFile>>>, callerId: string): boolean {
  return record.ownerId === callerId || record.conversationOwnerId === callerId;
}

/**
 * Prepares a conversation's messages for someone allowed to read it: every link to one of the
 * conversation's files, in attachments and in the text, becomes a signed, expiring link. Links to
 * files outside the conversation are left as written and open only to their own participants.
 * Share pages use their own links instead (shares/shared-files.ts).
 */
export async function signConversationFiles(
  deps: { db: Db; fileUrls: FileUrlSigner },
  conversationId: string,
): Promise<(message: Message) => Message> {
  const ids = new Set((await listConversationFiles(deps.db, conversationId)).map((record) => record.id));
  const signed = (url: string) => {
    const id = fileIdOfUrl(url);
    return id && ids.has(id) ? deps.fileUrls.sign(id) : url;
  };
  return (message) => ({
    ...message,
    content: message.content.replace(FILE_URL_IN_TEXT, signed),
    attachments: message.attachments.map((attachment) => ({ ...attachment, url: signed(attachment.url) })),
  });
}

/**
 * Attaches files a person uploaded before sending (the job submission of docs/product.md "Entities" lists their URLs)
 * to a conversation.
 * @param urls the links the upload answered (signed or not).
 * @returns the attachments, in the order of `urls`, or null when one URL is not a file of `ownerId`
 *   that is still unattached.
 */
export async function claimFiles(db: Db, input: { ownerId: string; conversationId: string; urls: string[] }): Promise<Attachment[] | null> {
  const ids = input.urls.map(fileIdOfUrl);
  if (ids.some((id) => id === null)) return null;
  const rows = await attachUnsentFiles(db, input.ownerId, input.conversationId, ids as string[]);
  if (rows.length !== new Set(ids).size) return null;
  return ids.map((id) => {
    const row = rows.find((candidate) => candidate.id === id)!;
    return { url: filePath(row.id), file_name: row.fileName, size: row.size, content_type: row.contentType };
  });
}

const MAX_NAME_LENGTH = 120;

/**
 * A file name fit to show and to send in `Content-Disposition`: the base name only, NFC, without
 * control, format (bidi overrides, zero-width, BOM: Unicode category Cf) or line/paragraph
 * separator characters, at most 120 characters with its extension kept.
 */
export function sanitizeFileName(name: string): string {
  const base = name.normalize('NFC').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').trim();
  if (!cleaned || /^\.+$/.test(cleaned)) return 'file';
  const chars = [...cleaned];
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 16 ? [...cleaned.slice(dot)] : [];
  return `${chars.slice(0, MAX_NAME_LENGTH - extension.length - 1).join('')}…${extension.join('')}`;
}
