import { useState, type FormEvent } from 'react';
import { useRequestAccess } from '../api/request-access.ts';
import { SHARE_TEXTS } from '../utils/share-errors.ts';

/**
 * The access-request form of an expired or inactive share link (docs/product.md "Screens", "Validation"): name, email (email
 * type) and message; Submit stays disabled until all three are filled. The outcome is an alert (docs/product.md "Errors").
 */
export function AccessRequestForm({ token }: { token: string }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const request = useRequestAccess(token);
  const complete = name.trim() !== '' && email.trim() !== '' && message.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await request.mutateAsync({ name: name.trim(), email: email.trim(), message: message.trim() });
      window.alert(SHARE_TEXTS.accessRequested);
      setSent(true);
    } catch {
      window.alert(SHARE_TEXTS.accessRequestFailed);
    }
  };

  if (sent) return <p className="page__note">Your request was sent. We will get back to you by email.</p>;
  return (
    <form className="access-form" onSubmit={(event) => void submit(event)} aria-label="Request access">
      <h2 className="panel__title">Request access</h2>
      <label className="field">
        <span className="field__label">Name</span>
        <input className="field__input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required />
      </label>
      <label className="field">
        <span className="field__label">Email</span>
        <input
          className="field__input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
        />
      </label>
      <label className="field">
        <span className="field__label">Message</span>
        <textarea className="field__input" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} required />
      </label>
      <button type="submit" className="button button--primary" disabled={!complete || request.isPending}>
        {request.isPending ? 'Submitting...' : 'Submit'}
      </button>
    </form>
  );
}
