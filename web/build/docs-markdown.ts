import { readFile } from 'node:fs/promises';
import { AGENT_RECIPIENT_ID, API_KEY_ROTATION_GRACE_HOURS, MCP_TOOLS } from '@unstuck/contract';
import { Marked, Renderer, type Token, type Tokens } from 'marked';
import type { Plugin } from 'vite';
import { z } from 'zod';

/** A documentation page as its Markdown gives it: the title, the opening paragraph and the rest, as HTML. */
export interface DocsPage {
  title: string;
  intro: string;
  body: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** What the build puts in place of `{{NAME}}`: the contract's values, so the page cannot drift from them. */
const CONSTANTS: Record<string, string> = {
  AGENT_RECIPIENT_ID,
  API_KEY_ROTATION_GRACE_HOURS: String(API_KEY_ROTATION_GRACE_HOURS),
};

/** A markdown table cell's text: its pipes escaped, its line breaks gone. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A tool's input or output fields as a Markdown table, read from the contract's schema (the server validates and lists the same). */
function fieldTable(schema: z.ZodType, io: 'input' | 'output', label: string): string {
  const json = z.toJSONSchema(schema, { io }) as {
    properties?: Record<string, { type?: string; enum?: unknown[]; format?: string; default?: unknown; description?: string }>;
    required?: string[];
  };
  const rows = Object.entries(json.properties ?? {}).map(([name, property]) => {
    const type = property.enum
      ? property.enum.map((value) => JSON.stringify(value)).join(' | ')
      : `${property.type ?? 'any'}${property.format ? ` (${property.format})` : ''}`;
    const required = json.required?.includes(name) === true && (io === 'output' || property.default === undefined);
    const note = [property.description, property.default !== undefined ? `default ${JSON.stringify(property.default)}` : '']
      .filter(Boolean)
      .join('; ');
    return `| \`${name}\` | ${cell(type)} | ${required ? 'yes' : 'no'} | ${cell(note)} |`;
  });
  return [`Table: ${label}`, '', '| Field | Type | Required | Notes |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** `[[tools]]`: each tool of the contract with its description, input and result. */
const toolsMarkdown = () =>
  Object.entries(MCP_TOOLS)
    .map(([name, tool]) =>
      [
        `### \`${name}\` {#tool-${name}}`,
        tool.description,
        fieldTable(tool.input, 'input', `Input of ${name}`),
        'Result (structuredContent):',
        fieldTable(tool.output, 'output', `Result of ${name}`),
      ].join('\n\n'),
    )
    .join('\n\n');

/** Links only to this site's paths, anchors, http(s) and mailto. */
const SAFE_HREF = /^(?:https?:|mailto:|\/(?!\/)|#)/i;

/**
 * The renderer: raw HTML in the Markdown shows as the characters written (as in the chat), code
 * blocks ```` ```snippet Label ```` become named, focusable regions the page adds a Copy button to,
 * tables scroll sideways in a named region (as ScrollTable), ordered lists are steps.
 */
/** marked's own renderings, with the parser of the renderer at work (`this` in the methods below). */
const plain = new Renderer();
const plainWith = (parser: Renderer['parser']) => Object.assign(plain, { parser });

const docsRenderer = {
  html(this: Renderer, token: Tokens.HTML | Tokens.Tag) {
    return this.text({ type: 'text', raw: token.raw, text: token.text, escaped: false });
  },
  code({ text, lang }: Tokens.Code) {
    const label = /^snippet (.+)$/.exec(lang ?? '')?.[1];
    if (!label) throw new Error(`docs-markdown: a code block without "snippet <label>": ${text.slice(0, 40)}`);
    return `<div class="docs__snippet"><pre class="docs__code" tabindex="0" role="region" aria-label="${escapeHtml(label)}"><code>${escapeHtml(text)}</code></pre></div>\n`;
  },
  table(this: Renderer, token: Tokens.Table & { label?: string }) {
    if (!token.label) throw new Error('docs-markdown: a table without a "Table: <label>" line before it');
    const html = plainWith(this.parser)
      .table(token)
      .replace('<table>', '<table class="docs__table">')
      .replaceAll('<th>', '<th scope="col">');
    return `<div class="table-scroll" role="region" aria-label="${escapeHtml(token.label)}" tabindex="0">${html}</div>\n`;
  },
  list(this: Renderer, token: Tokens.List) {
    const html = plainWith(this.parser).list(token);
    return token.ordered ? html.replace(/^<ol/, '<ol class="docs__steps"') : html;
  },
  heading(this: Renderer, token: Tokens.Heading & { id?: string }) {
    const id = token.id ? ` id="${escapeHtml(token.id)}"` : '';
    return `<h${token.depth}${id}>${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
  },
  link(this: Renderer, { href, tokens }: Tokens.Link) {
    const text = this.parser.parseInline(tokens);
    return SAFE_HREF.test(href) ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
  },
};

/** `{#id}` at the end of a heading becomes its id; `Table: label` before a table names it. */
function annotate(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (const token of tokens) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      const match = /\s*\{#([\w-]+)\}$/.exec(heading.text);
      const last = heading.tokens.at(-1) as Tokens.Text | undefined;
      if (match) {
        Object.assign(heading, { id: match[1], text: heading.text.slice(0, match.index) });
        if (last?.type === 'text') last.text = last.text.replace(match[0], '');
      }
    }
    const before = out.at(-1) as Tokens.Paragraph | undefined;
    if (token.type === 'table' && before?.type === 'paragraph' && before.text.startsWith('Table: ')) {
      Object.assign(token, { label: before.text.slice('Table: '.length) });
      out.pop();
    }
    if (token.type !== 'space') out.push(token);
  }
  return out;
}

const ALLOWED_TAGS = new Set(
  'a p br em strong del code pre ul ol li h1 h2 h3 h4 blockquote hr table thead tbody tr th td div nav'.split(' '),
);
const ALLOWED_ATTRIBUTES = new Set(['href', 'id', 'class', 'role', 'aria-label', 'aria-labelledby', 'tabindex', 'scope', 'start', 'align']);

/**
 * The build's check of what it produced: only the elements and attributes above, and only safe links.
 * @throws Error naming the first thing that is not, so a page can never ship it.
 */
export function assertSafeHtml(html: string): string {
  for (const [, tag = '', attributes = ''] of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    if (!ALLOWED_TAGS.has(tag.toLowerCase())) throw new Error(`docs-markdown: <${tag}> is not allowed`);
    for (const [, name = '', value = ''] of attributes.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) {
      if (!ALLOWED_ATTRIBUTES.has(name)) throw new Error(`docs-markdown: the attribute ${name} is not allowed`);
      if (name === 'href' && !SAFE_HREF.test(value)) throw new Error(`docs-markdown: the link ${value} is not allowed`);
    }
  }
  return html;
}

/**
 * A documentation page's Markdown as HTML, at build: the contract's values in place of `{{NAME}}`
 * (`{{origin}}` stays for the page to fill in: the server's address is known only in the browser),
 * `[[tools]]` the MCP tools from the contract, `[[contents]]` the list of the `##` sections.
 */
export function renderDocsMarkdown(source: string): DocsPage {
  const filled = source
    .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => CONSTANTS[name] ?? whole)
    .replace('[[tools]]', () => toolsMarkdown());
  const markdown = new Marked({ async: false, gfm: true, renderer: docsRenderer });
  const tokens = annotate(markdown.lexer(filled));
  const [heading, opening, ...rest] = tokens;
  if (heading?.type !== 'heading' || heading.depth !== 1 || opening?.type !== 'paragraph')
    throw new Error('docs-markdown: a page starts with its # title and an opening paragraph');
  const sections = rest.filter((t): t is Tokens.Heading & { id: string } => t.type === 'heading' && t.depth === 2 && 'id' in t);
  const contents = [
    '<nav class="docs__contents" aria-labelledby="docs-contents"><h2 id="docs-contents">Contents</h2><ol>',
    ...sections.map((s) => `<li><a href="#${escapeHtml(s.id)}">${markdown.parseInline(s.text, { async: false })}</a></li>`),
    '</ol></nav>',
  ].join('');
  const render = (list: Token[]) => markdown.parser(Object.assign(list, { links: {} }));
  return {
    title: (heading as Tokens.Heading).text,
    intro: assertSafeHtml(render([opening])),
    body: assertSafeHtml(render(rest).replace('<p>[[contents]]</p>', contents)),
  };
}

/** Imports of `.md` files under `src` give their {@link DocsPage}, rendered at build (never in the browser). */
export function docsMarkdown(): Plugin {
  return {
    name: 'unstuck:docs-markdown',
    async load(id) {
      const file = id.split('?')[0] ?? id;
      if (!file.endsWith('.md')) return null;
      this.addWatchFile(file);
      const page = renderDocsMarkdown(await readFile(file, 'utf8'));
      return Object.entries(page)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}
