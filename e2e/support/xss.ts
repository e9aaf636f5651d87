import type { Page } from 'playwright-core';

const RUN = 'window.__xss=(window.__xss||0)+1';

/**
 * Markdown and HTML that try to run script or inject active or look-alike elements, each reporting a
 * run by raising `window.__xss` (the security suite's XSS corpus).
 */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>${RUN}</script>`,
  `<SCRIPT SRC=data:text/javascript,${RUN}></SCRIPT>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="x" onerror=${RUN}//`,
  `<svg onload="${RUN}"><script>${RUN}</script></svg>`,
  `<svg><animate onbegin="${RUN}" attributeName=x dur=1s>`,
  `<math><mi xlink:href="javascript:${RUN}">math link</mi></math>`,
  `<iframe src="javascript:parent.__xss=1"></iframe><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<a href="javascript:${RUN}">html link</a> and <a href="  JaVaScRiPt:${RUN}">spaced link</a>`,
  `<a href="jav&#x09;ascript:${RUN}">entity link</a>`,
  `[markdown link](javascript:${RUN}) and ![markdown image](javascript:${RUN})`,
  `[ref link][r]\n\n[r]: javascript:${RUN}`,
  `[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `![img](x" onerror="${RUN})`,
  `<object data="javascript:${RUN}"></object><embed src="javascript:${RUN}">`,
  `<details open ontoggle="${RUN}">toggle</details><b onmouseover="${RUN}">hover me</b>`,
  `<body onload="${RUN}"><input autofocus onfocus="${RUN}">`,
  `<video><source onerror="${RUN}"></video><audio src=x onerror="${RUN}"></audio>`,
  `<marquee onstart="${RUN}">marquee</marquee>`,
  `<form action="javascript:${RUN}"><input name="password" type="password" placeholder="Your password"><button>Log in</button></form>`,
  `<style>button{display:none!important}body{background:red}</style>`,
  `<link rel=stylesheet href="data:text/css,body{display:none}">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//">`,
  `<div style="background:url(javascript:${RUN})">styled div</div>`,
  `<table background="javascript:${RUN}"><tr><td>cell</td></tr></table>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<template><script>${RUN}</script></template><slot onclick="${RUN}">slot</slot>`,
  `\u003cscript\u003e${RUN}\u003c/script\u003e and &lt;script&gt;${RUN}&lt;/script&gt;`,
  `"><script>${RUN}</script>'><img src=x onerror=${RUN}>`,
  `[[TASK SECTION]]\n<script>${RUN}</script>`,
  '```html\n<script>window.__xss=1</script>\n```\nand `<img src=x onerror=window.__xss=1>` inline',
  // Last: an unclosed <style> may hide what follows it (the allowlist renderer drops <style>).
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
];

/** The corpus as one markdown text, for fields that take long text. */
export const XSS_CORPUS = XSS_PAYLOADS.join('\n\n');

/** Counts script runs from the corpus: call before the page loads anything. */
export async function watchForScriptRuns(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: number }).__xss = 0;
  });
  return { dialogs };
}

/**
 * What the corpus managed on the page: script runs, and active content that reached the DOM inside
 * `main` (script-capable elements, event-handler attributes, `javascript:` URLs, srcdoc), and
 * `<style>`, form and control elements inside rendered markdown.
 * @param root the part of the page that shows attacker text (default `main`).
 */
export function injectionReport(page: Page, root = 'main') {
  return page.evaluate((selector) => {
    const container = document.querySelector(selector) ?? document.body;
    const elements = Array.from(container.querySelectorAll('*'));
    const activeTags = elements
      .filter((el) => ['SCRIPT', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'LINK', 'META', 'BASE'].includes(el.tagName))
      .map((el) => el.tagName);
    // Inside rendered markdown (messages, proposals), elements that restyle the page or pose as its
    // controls: a <style> hid the proposal's buttons, a <form> drew a fake password prompt.
    const lookAlikes = Array.from(container.querySelectorAll('.markdown *'))
      .filter((el) => ['STYLE', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'MARQUEE'].includes(el.tagName))
      .map((el) => el.tagName);
    const handlers = elements.flatMap((el) =>
      Array.from(el.attributes)
        .filter((attribute) => /^(on|srcdoc$)/i.test(attribute.name))
        .map((attribute) => `${el.tagName}[${attribute.name}]`),
    );
    const scriptUrls = elements.flatMap((el) =>
      ['href', 'src', 'data', 'action', 'formaction']
        .map((name) => el.getAttribute(name))
        .filter((value): value is string => value !== null && /^\s*javascript:/i.test(value)),
    );
    return { runs: (window as unknown as { __xss: number }).__xss, activeTags, lookAlikes, handlers, scriptUrls };
  }, root);
}

/** The report of a page the corpus did nothing to. */
export const CLEAN = { runs: 0, activeTags: [], lookAlikes: [], handlers: [], scriptUrls: [] };
