import { useCallback, useEffect, useRef, useState } from 'react';
import { randomId } from '../../../lib/storage.ts';
import type { PendingAttachment } from '../types.ts';

/** Files chosen in the composer: images get an object URL preview, each can be removed. */
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
      previewUrl: file.type.startsWith('image/') ? URL.createObjectURL(file) : null,
    }));
    setAttachments((current) => [...current, ...added]);
  }, []);

  const remove = useCallback((id: string) => {
    setAttachments((current) => {
      const gone = current.find((a) => a.id === id);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((a) => a.id !== id);
    });
  }, []);

  /** Puts files back in front (a send that failed). */
  const restore = useCallback((list: PendingAttachment[]) => {
    setAttachments((current) => [...list, ...current]);
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
