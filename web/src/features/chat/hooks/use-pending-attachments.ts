import { useCallback, useEffect, useRef, useState } from 'react';
import { fileProblem } from '../../../lib/file-checks.ts';
import { randomId } from '../../../lib/storage.ts';
import type { PendingAttachment } from '../types.ts';

/** Each file's problem, by its place among the files that have none before it (the count limit). */
function checked(list: PendingAttachment[]): PendingAttachment[] {
  let sendable = 0;
  return list.map((a) => {
    const problem = fileProblem(a.file, sendable);
    if (problem === null) sendable += 1;
    return problem === a.problem ? a : { ...a, problem };
  });
}

/**
 * Files chosen in the composer: checked when picked (lib/file-checks.ts: the reason shows beside
 * the file and Send waits until it is removed), images with an object URL preview, each removable.
 */
export function usePendingAttachments() {
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const latest = useRef(attachments);
  useEffect(() => {
    latest.current = attachments;
  }, [attachments]);

  const add = useCallback((files: Iterable<File>) => {
    const added = Array.from(files, (file) => ({
      id: randomId(),
      file,
      previewUrl: file.type.startsWith('image/') && file.size > 0 ? URL.createObjectURL(file) : null,
      problem: null,
    }));
    setAttachments((current) => checked([...current, ...added]));
  }, []);

  const remove = useCallback((id: string) => {
    setAttachments((current) => {
      const gone = current.find((a) => a.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return checked(current.filter((a) => a.id !== id));
    });
  }, []);

  /** Puts files back in front (a send that failed). */
  const restore = useCallback((list: PendingAttachment[]) => {
    setAttachments((current) => checked([...list, ...current]));
  }, []);

  /** Empties the list; `keepPreviews` when an optimistic message still shows them. */
  const clear = useCallback((keepPreviews = false) => {
    if (!keepPreviews) for (const a of latest.current) if (a.previewUrl) URL.revokeObjectURL(a.previewUrl);
    setAttachments([]);
  }, []);

  useEffect(
    () => () => {
      for (const a of latest.current) if (a.previewUrl) URL.revokeObjectURL(a.previewUrl);
    },
    [],
  );

  return { attachments, add, remove, restore, clear };
}
