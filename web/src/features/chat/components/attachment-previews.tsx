import { CloseIcon, FileIcon } from '../../../components/icons.tsx';
import type { PendingAttachment } from '../types.ts';
import { formatKilobytes } from '../../../lib/format.ts';

export interface AttachmentPreviewsProps {
  attachments: PendingAttachment[];
  onRemove: (id: string) => void;
}

/** Files chosen for the next message: images as thumbnails, others as an icon, each removable. */
export function AttachmentPreviews({ attachments, onRemove }: AttachmentPreviewsProps) {
  if (attachments.length === 0) return null;
  return (
    <div className="attachments">
      <ul className="attachments__list" aria-label="Attachments">
        {attachments.map((a) => (
          <li key={a.id} className="attachment-chip">
            {a.previewUrl ? (
              <img className="attachment-chip__thumb" src={a.previewUrl} alt={a.file.name} />
            ) : (
              <span className="attachment-chip__icon">
                <FileIcon />
              </span>
            )}
            <span className="attachment-chip__meta">
              <span className="attachment-chip__name" title={a.file.name}>
                {a.file.name}
              </span>
              <span className="attachment-chip__size">{formatKilobytes(a.file.size)}</span>
            </span>
            <button type="button" className="attachment-chip__remove" aria-label={`Remove ${a.file.name}`} onClick={() => onRemove(a.id)}>
              <CloseIcon width={14} height={14} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
