import type { Message } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { FILE_URL_IN_TEXT, fileIdOfUrl, listConversationFiles, readFile } from '../files/files.service.ts';

// File access for share-link holders, in one place (the files issue reworks file access; only this
// file changes then). A holder never learns a file's own URL, which would outlive the link: each
// file of the shared conversation is reached through the share link, by its position among the
// conversation's uploads, and only while the link is valid.

// The file's name stays out of the path: long names made dead links.
const sharedFileUrl = (token: string, index: number) => `/api/task-share/${token}/files/${index}`;

/**
 * Prepares a shared conversation's messages for a share-link holder.
 * @returns a function that turns a message's attachment URLs, and links to our files in its
 *   content, into URLs under the share link. Links to files outside the conversation are left as
 *   written: they are the writer's text.
 */
export async function shareScopedFiles(
  deps: Pick<AppDeps, 'db'>,
  token: string,
  conversationId: string,
): Promise<(message: Message) => Message> {
  const records = await listConversationFiles(deps.db, conversationId);
  const byId = new Map(records.map((record, index) => [record.id, sharedFileUrl(token, index)]));
  const rewrite = (url: string) => {
    const id = fileIdOfUrl(url);
    return (id && byId.get(id)) ?? url;
  };
  return (message) => ({
    ...message,
    content: message.content.replace(FILE_URL_IN_TEXT, (url) => rewrite(url)),
    attachments: message.attachments.map((attachment) => {
      const id = fileIdOfUrl(attachment.url);
      // An attachment that is not one of the conversation's files is not served to the holder.
      return { ...attachment, url: (id && byId.get(id)) ?? '' };
    }),
  });
}

/**
 * Reads the `index`-th file of a shared conversation (the caller has checked the link is valid).
 * @returns its record and bytes, or null when there is no such file.
 */
export async function readSharedFile(deps: Pick<AppDeps, 'db' | 'storage'>, conversationId: string, index: number) {
  const record = (await listConversationFiles(deps.db, conversationId))[index];
  return record ? readFile(deps, record.id) : null;
}
