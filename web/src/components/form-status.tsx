/**
 * A form's outcome above its fields: the success text (`role="status"`) once it was sent, the error
 * (`role="alert"`) when it failed; nothing while neither is set. Texts are the page's (docs/product.md "Screens").
 */
export function FormStatus({ success, error }: { success: string | null; error: string | null }) {
  return (
    <>
      {success ? (
        <p className="banner banner--success" role="status">
          {success}
        </p>
      ) : null}
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
