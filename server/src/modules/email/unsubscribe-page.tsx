import { renderToStaticMarkup } from 'react-dom/server';

/** What the unsubscribe page says: ask first (GET), confirm (after the POST), or the link is unknown. */
export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; display: grid; min-height: 100vh; place-items: center; background: Canvas; color: CanvasText; }
main { max-width: 28rem; padding: 2rem; }
h1 { font-size: 1.4rem; }
button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 6px; border: 0; background: #3b3f9e; color: #fff; cursor: pointer; }
button:focus-visible { outline: 3px solid #8f93e8; outline-offset: 2px; }
`;

const TEXT: Record<UnsubscribePageState, { title: string; lines: string[] }> = {
  confirm: { title: 'Stop emails?', lines: ['Unsubscribe this address from every email we send.'] },
  done: {
    title: 'You are unsubscribed',
    lines: ['We will not send you emails any more.', 'You can turn them back on in Edit Profile when you are signed in.'],
  },
  invalid: {
    title: 'This unsubscribe link is not valid',
    lines: ['Copy the whole link from the email, or turn emails off in Edit Profile.'],
  },
};

/**
 * The small page of a one-click unsubscribe link (RFC 8058): the GET only asks (link checkers and
 * previews open links, and must not unsubscribe anyone), its button POSTs to the same address. No
 * script; the style sheet carries the request's CSP nonce. React escapes every text.
 * @returns the whole HTML document.
 */
export function unsubscribePage(state: UnsubscribePageState, productName: string, styleNonce: string): string {
  const { title, lines } = TEXT[state];
  const body = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${productName}`}</title>
        <style nonce={styleNonce}>{STYLE}</style>
      </head>
      <body>
        <main>
          <p>{productName}</p>
          <h1>{title}</h1>
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {state === 'confirm' ? (
            <form method="post">
              <input type="hidden" name="List-Unsubscribe" value="One-Click" />
              <button type="submit">Unsubscribe</button>
            </form>
          ) : null}
        </main>
      </body>
    </html>,
  );
  return `<!doctype html>${body}`;
}
