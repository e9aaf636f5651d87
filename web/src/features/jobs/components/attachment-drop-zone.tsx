import { useRef, useState, type DragEvent } from 'react';
import { fileProblem } from '../../../lib/file-checks.ts';
import { formatFileSize } from '../../../lib/format.ts';

export interface AttachmentDropZoneProps {
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}

/**
 * Attachments of docs/product.md "Submit Job": several files, by picker or drag and drop, listed with name
 * and size, each removable; a file that cannot be sent says why beside it (lib/file-checks.ts).
 */
export function AttachmentDropZone({ files, onAdd, onRemove, disabled }: AttachmentDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onAdd(Array.from(event.dataTransfer.files));
  };
  return (
    <div className="field">
      <span className="field__label" id="attachments-label">
        Attachments
      </span>
      <div
        className={`drop-zone${over ? ' drop-zone--over' : ''}`}
        data-testid="attachment-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>Drag and drop files here, or</p>
        <button type="button" className="button button--secondary button--small" onClick={() => input.current?.click()} disabled={disabled}>
          Choose files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-labelledby="attachments-label"
          onChange={(event) => {
            if (event.target.files) onAdd(Array.from(event.target.files));
            event.target.value = '';
          }}
        />
        <p className="drop-zone__hint">ZIP, PDF, PNG, JPG, Word, Excel up to 10MB each</p>
      </div>
      {files.length > 0 ? (
        <ul className="file-list" aria-label="Chosen files">
          {files.map((file, index) => {
            // Each file is uploaded on its own: only its size and type matter, not how many there are.
            const problem = fileProblem(file, 0);
            return (
              <li key={`${index}-${file.name}`} className={`file-list__item${problem ? ' file-list__item--refused' : ''}`}>
                <span className="file-list__name">{file.name}</span>
                <span className="file-list__size">{formatFileSize(file.size)}</span>
                {problem ? (
                  <span className="file-list__problem" id={`job-file-${index}-problem`}>
                    {problem}
                  </span>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Remove ${file.name}`}
                  aria-describedby={problem ? `job-file-${index}-problem` : undefined}
                  onClick={() => onRemove(index)}
                  disabled={disabled}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
