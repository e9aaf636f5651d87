/** A documentation page written in Markdown, rendered to HTML at build (web/build/docs-markdown.ts). */
declare module '*.md' {
  export const title: string;
  /** The opening paragraph, which the page's HTML paints before any script runs. */
  export const intro: string;
  /** The rest, from the contents on; `{{origin}}` stands for the server's address. */
  export const body: string;
}
