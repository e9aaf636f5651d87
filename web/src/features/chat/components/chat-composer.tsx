import { useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { GitHubIcon, PaperclipIcon, SendIcon } from '../../../components/icons.tsx';
import type { PendingAttachment } from '../types.ts';
import { AttachmentPreviews } from './attachment-previews.tsx';

export interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  attachments: PendingAttachment[];
  onAddFiles: (files: FileList) => void;
  onRemoveAttachment: (id: string) => void;
  /** Opens "Share code via GitHub"; without it the button is left out (the expert's composer). */
  onShareCode?: () => void;
  /** The input itself is off (limit reached, proposal accepted). */
  disabled: boolean;
  /** A send is in progress: typing is fine, sending is not. */
  sending: boolean;
  placeholder: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** A note under the input, e.g. "1 message left before signing in". */
  hint?: string | null;
  /** Why Send waits although there is something to send (the sign-in card is up): shown beside it. */
  waitReason?: string | null;
}

/** The message input with attach, GitHub and send buttons; Enter sends, Shift+Enter adds a newline (docs/product.md "Screens"). */
export function ChatComposer(props: ChatComposerProps) {
  const { value, onChange, onSend, attachments, disabled, sending, placeholder, inputRef } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();
  const empty = value.trim() === '' && attachments.length === 0;
  const refused = attachments.filter((a) => a.problem !== null).length;
  const blocked =
    refused > 0
      ? refused === 1
        ? 'Remove the file that cannot be sent to send your message.'
        : `Remove the ${refused} files that cannot be sent to send your message.`
      : (props.waitReason ?? null);
  const hintId = props.hint ? `${formId}-hint` : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; never while an IME is composing a character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };

  return (
    <form
      className={`composer${disabled ? ' composer--disabled' : ''}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <AttachmentPreviews attachments={attachments} onRemove={props.onRemoveAttachment} />
      <textarea
        ref={inputRef}
        className="composer__input"
        aria-label="Message"
        rows={2}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer__bar">
        <div className="composer__tools">
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            tabIndex={-1}
            onChange={(event) => {
              if (event.target.files?.length) props.onAddFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <button
            type="button"
            className="icon-button"
            aria-label="Attach files"
            title="Attach files"
            disabled={disabled}
            onClick={() => fileInput.current?.click()}
          >
            <PaperclipIcon />
          </button>
          {props.onShareCode ? (
            <button
              type="button"
              className="icon-button icon-button--labelled"
              aria-label="Share code via GitHub"
              title="Share code via GitHub"
              disabled={disabled}
              onClick={props.onShareCode}
            >
              <GitHubIcon />
              <span>Share code via GitHub</span>
            </button>
          ) : null}
        </div>
        <button
          type="submit"
          className="send-button"
          aria-label="Send"
          title={blocked ?? 'Send'}
          aria-describedby={blocked ? `${formId}-blocked` : hintId}
          disabled={disabled || sending || empty || blocked !== null}
        >
          {sending ? <span className="spinner spinner--small" aria-hidden="true" /> : <SendIcon />}
        </button>
      </div>
      {blocked ? (
        <p className="composer__blocked" id={`${formId}-blocked`}>
          {blocked}
        </p>
      ) : props.hint ? (
        <p className="composer__hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </form>
  );
}
