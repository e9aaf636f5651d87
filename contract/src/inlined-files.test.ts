import { describe, expect, it } from 'vitest';
import { inlineTextFile, withoutInlinedFiles } from './inlined-files.ts';

describe('withoutInlinedFiles', () => {
  it("gives back the person's own text without the text files inlined for the agent", () => {
    const content = [
      'Here are my logs',
      inlineTextFile('error.log', 'TypeError: x is undefined\n  at main'),
      inlineTextFile('a.txt', 'hi'),
    ].join('\n\n');
    expect(withoutInlinedFiles(content, ['error.log', 'a.txt'])).toBe('Here are my logs');
  });

  it('leaves a file block alone when no attachment has its name, and text without blocks as it is', () => {
    const typed = inlineTextFile('pasted.txt', 'typed by hand');
    expect(withoutInlinedFiles(typed, ['other.txt'])).toBe(typed);
    expect(withoutInlinedFiles('plain text', ['a.txt'])).toBe('plain text');
  });

  it('leaves nothing when the message was only a file', () => {
    expect(withoutInlinedFiles(inlineTextFile('notes.md', '# Notes'), ['notes.md'])).toBe('');
  });
});
