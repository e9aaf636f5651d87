import { AlertIcon, CloseIcon, FileIcon } from '../../../components/icons.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import type { PendingAttachment } from '../types.ts';

export interface AttachmentPreviewsProps {
  attachments: PendingAttachment[];
  onRemove: (id: string) => void;
}

/**
 * Files chosen for the next message: images as thumbnails, others as an icon, each with its size
 * and removable; a file that cannot be sent says why beside it.
 */
export function AttachmentPreviews({ attachments, onRemove }: AttachmentPreviewsProps) {
  if (attachments.length === 0) return null;
  return (
    <div className="attachments">
      <ul className="attachments__list" aria-label="Attachments">
        {attachments.map((a) => (
          <li key={a.id} className={`attachment-chip${a.problem ? ' attachment-chip--refused' : ''}`}>
            {a.previewUrl && !a.problem ? (
              <img className="attachment-chip__thumb" src={a.previewUrl} alt={a.file.name} />
            ) : (
              <span className="attachment-chip__icon">{a.problem ? <AlertIcon /> : <FileIcon />}</span>
            )}
            <span className="attachment-chip__meta">
              <span className="attachment-chip__name" title={a.file.name}>
                {a.file.name}
              </span>
              <span className="attachment-chip__size">{formatFileSize(a.file.size)}</span>
              {a.problem ? (
                <span className="attachment-chip__problem" id={`problem-${a.id}`}>
                  {a.problem}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              className="attachment-chip__remove"
              aria-label={`Remove ${a.file.name}`}
              aria-describedby={a.problem ? `problem-${a.id}` : undefined}
              onClick={() => onRemove(a.id)}
            >
              <CloseIcon width={16} height={16} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
