import { describe, expect, it } from 'vitest';
import { findStackInFileNames, findStackInText } from '../../../src/modules/agent/intake/extract-stack.ts';
import { STACK_CATALOG } from '../../../src/modules/agent/intake/stack-catalog.ts';
import { PROPOSAL_WORDS } from './helpers.ts';

const names = (text: string): string[] => findStackInText(text).map((s) => s.name);

describe('stack extraction', () => {
  it('finds Next.js and Vercel in a bug report, in order of mention', () => {
    expect(names('My Next.js app on Vercel returns 500 on every API route after upgrading to App Router')).toEqual(['Next.js', 'Vercel']);
  });

  it('maps aliases to canonical names whatever the letter case of ordinary aliases', () => {
    expect(names('nextjs frontend, postgres db, k8s cluster, tailwindcss, NodeJS api')).toEqual([
      'Next.js',
      'PostgreSQL',
      'Kubernetes',
      'Tailwind',
      'Node.js',
    ]);
  });

  it('does not read "go live" or "Go ahead" as the Go language', () => {
    expect(names('We want to go live next week')).toEqual([]);
    expect(names('Go live is planned for Friday. Go ahead and start!')).toEqual([]);
    expect(names("Let's Go!")).toEqual([]);
  });

  it('reads Go when it stands as a language', () => {
    expect(names('The backend is written in Go.')).toEqual(['Go']);
    expect(names('Python, Go and Rust services')).toEqual(['Python', 'Go', 'Rust']);
    expect(names('a Go backend talking to Redis')).toEqual(['Go', 'Redis']);
    expect(names('we use golang')).toEqual(['Go']);
  });

  it('does not read a letter R in a sentence as the R language', () => {
    expect(names('Section R of the form is broken')).toEqual([]);
    expect(names("I'm R. Smith and our R&D team needs a site")).toEqual([]);
    expect(names('the analysis is written in R, and I need a dashboard')).toEqual(['R']);
  });

  it('does not read ordinary words as product names', () => {
    expect(names('the cursor jumps when I express my thanks, a swift reply would be lovable')).toEqual([]);
    expect(names('the Express checkout button')).toEqual([]);
    expect(names('I built it with Cursor and Lovable, the API is Node and Express')).toEqual(['Cursor', 'Lovable', 'Node.js', 'Express']);
  });

  it('prefers the longer name where two overlap', () => {
    expect(names('a React Native app with Expo')).toEqual(['React Native', 'Expo']);
    expect(names('Ruby on Rails')).toEqual(['Rails']);
    expect(names('JavaScript, not Java')).toEqual(['JavaScript', 'Java']);
  });

  it('matches names made of marks such as C#, C++ and .NET but not a .net domain', () => {
    expect(names('C# on .NET with a C++ library')).toEqual(['C#', '.NET', 'C++']);
    expect(names('see example.net for details')).toEqual([]);
  });

  it('does not read a version such as v0.1 as the v0 tool', () => {
    expect(names('released v0.1 last week')).toEqual([]);
    expect(names('I made the UI in v0')).toEqual(['v0']);
  });

  it('reads technologies from attachment file names, in file order', () => {
    expect(findStackInFileNames(['src/go.mod', 'main.py', 'package.json', 'notes.md']).map((s) => s.name)).toEqual([
      'Go',
      'Python',
      'Node.js',
    ]);
  });

  it('has no catalog name that contains a word marking a proposal', () => {
    const offending = STACK_CATALOG.filter((e) => PROPOSAL_WORDS.some((w) => e.name.toLowerCase().includes(w)));
    expect(offending).toEqual([]);
  });
});
