import { FIRST_VIEW_MARKERS, PAGE_CONFIG_JSON_TOKEN, PAGE_CONFIG_TOKENS } from '@unstuck/contract';
import { describe, expect, it } from 'vitest';
import { fillPage } from './web-app.ts';

const built = [
  `<title>${PAGE_CONFIG_TOKENS.productName}</title>`,
  `<script type="application/json" id="public-config">${PAGE_CONFIG_JSON_TOKEN}</script>`,
  `<div id="root">${FIRST_VIEW_MARKERS.start}<a>${PAGE_CONFIG_TOKENS.productName}</a><p>${PAGE_CONFIG_TOKENS.aiName} at ${PAGE_CONFIG_TOKENS.hourlyRate}</p>${FIRST_VIEW_MARKERS.end}</div>`,
].join('');

describe('the app page filled from configuration', () => {
  it('puts the configured names and rate in place of the placeholders, escaped for HTML', () => {
    const { home } = fillPage(built, { productName: 'Fix <b>&</b> Co', aiName: 'Ada "AI"', hourlyRate: '$95' });
    expect(home).toContain('<title>Fix &lt;b&gt;&amp;&lt;/b&gt; Co</title>');
    expect(home).toContain('<p>Ada &quot;AI&quot; at $95</p>');
    expect(home).not.toMatch(/__UNSTUCK_/);
  });

  it('writes the configuration as JSON that cannot close its script element', () => {
    const config = { productName: '</script><script>alert(1)</script>', aiName: 'AI', hourlyRate: '€80' };
    const { home } = fillPage(built, config);
    const json = /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(home)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(config);
  });

  it('leaves a configured value that looks like a placeholder as written', () => {
    const { home } = fillPage(built, { productName: PAGE_CONFIG_TOKENS.aiName, aiName: 'AI', hourlyRate: '$1' });
    expect(home).toContain(`<title>${PAGE_CONFIG_TOKENS.aiName}</title>`);
  });

  it('keeps the painted first view for the home page only', () => {
    const { home, other } = fillPage(built, { productName: 'P', aiName: 'A', hourlyRate: '$1' });
    expect(home).toContain('<p>A at $1</p>');
    expect(other).toContain('<div id="root"></div>');
    expect(other).toContain('<title>P</title>');
  });

  it("gives a landing page its preload links and its own painted top, filled in, and nobody else's", () => {
    const landing = new Map([
      [
        '/docs/mcp-server',
        { preloads: '<link rel="modulepreload" href="/d.js">', firstView: `<h1>${PAGE_CONFIG_TOKENS.productName} docs</h1>` },
      ],
    ]);
    const filled = fillPage(`<head></head><body>${built}</body>`, { productName: 'P', aiName: 'A', hourlyRate: '$1' }, landing);
    const docs = filled.landing.get('/docs/mcp-server') ?? '';
    expect(docs).toContain('<link rel="modulepreload" href="/d.js"></head>');
    expect(docs).toContain('<div id="root"><h1>P docs</h1></div>');
    expect(docs).not.toContain('<p>A at $1</p>');
    expect(filled.other).not.toContain('d.js');
    expect(filled.home).not.toContain('P docs');
  });
});
