import { useState } from 'react';

export interface ListEditorProps {
  /** The list's name, e.g. "Skills"; buttons and inputs are labelled from it. */
  label: string;
  /** Singular for the add input, e.g. "skill". */
  itemName: string;
  /** The add input's placeholder, e.g. "Add a skill". */
  placeholder: string;
  items: string[];
  onChange: (items: string[]) => void;
}

/** A list of text items with add and remove (docs/product.md "Edit Profile": skills and accomplishments). */
export function ListEditor({ label, itemName, placeholder, items, onChange }: ListEditorProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    const item = draft.trim();
    if (item === '') return;
    onChange([...items, item]);
    setDraft('');
  };
  return (
    <fieldset className="list-editor">
      <legend className="field__label">{label}</legend>
      {items.length > 0 ? (
        <ul className="tag-list" aria-label={label}>
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="tag-list__item">
              {item}
              <button
                type="button"
                className="tag-list__remove"
                aria-label={`Remove ${item}`}
                onClick={() => onChange(items.filter((_, at) => at !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="list-editor__add">
        <input
          aria-label={`New ${itemName}`}
          className="field__input"
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button--secondary button--small" onClick={add}>
          {`Add ${itemName}`}
        </button>
      </div>
    </fieldset>
  );
}
