/** Escapes text for HTML element content and double-quoted attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#1f2937}
.note{background:#fef3c7;border:1px solid #f59e0b;border-radius:6px;padding:10px 12px;font-size:14px}
label{display:block;margin-top:14px;font-weight:600}input{width:100%;box-sizing:border-box;padding:8px;margin-top:4px;font-size:16px}
.actions{display:flex;gap:8px;margin-top:18px}button{padding:8px 16px;font-size:15px}.error{color:#b91c1c}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>Development sign-in</h1>
<p class="note" role="note">This is not a real identity provider. It signs you in as whoever you type, without a password, and exists only for development and testing.</p>
${body}</main></body></html>`;
}

/**
 * The embedded provider's login page: email (required) and name, Sign in and Cancel.
 * @param input the interaction id, the values to show again and an error text after a bad submission.
 */
export function devLoginPage(input: { uid: string; email?: string; name?: string; error?: string }): string {
  const action = `/oidc/interaction/${encodeURIComponent(input.uid)}`;
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    'Development sign-in',
    `${error}<form method="post" action="${action}/login">
<label for="email">Email</label><input id="email" name="email" type="email" required autofocus autocomplete="email" value="${escapeHtml(input.email ?? '')}">
<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(input.name ?? '')}">
<div class="actions"><button type="submit">Sign in</button><button type="submit" formaction="${action}/abort" formnovalidate>Cancel</button></div>
</form>`,
  );
}

/** The embedded provider's error page (an expired or unknown sign-in attempt, a bad request). */
export function devErrorPage(message: string): string {
  return page(
    'Development sign-in: error',
    `<p class="error" role="alert">${escapeHtml(message)}</p><p>Go back to the app and start the sign-in again.</p>`,
  );
}
