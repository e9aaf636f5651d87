import { describe, expect, it } from 'vitest';
import { matchingSkills } from '../../../src/modules/agent/technologies/skill-match.ts';

describe('matching an expert’s skills to a task’s stack', () => {
  it('ignores letter case, spacing and punctuation of a name', () => {
    for (const skill of ['Next.js', 'nextjs', 'NextJS', 'NEXT.JS', 'next js', 'Next-JS', ' next.js ']) {
      expect(matchingSkills([skill], ['Next.js']), skill).toEqual([skill]);
    }
    expect(matchingSkills(['Next.js'], ['nextjs'])).toEqual(['Next.js']);
  });

  it('knows the catalogue’s aliases on both sides', () => {
    expect(matchingSkills(['Postgres'], ['PostgreSQL'])).toEqual(['Postgres']);
    expect(matchingSkills(['PostgreSQL'], ['postgres'])).toEqual(['PostgreSQL']);
    expect(matchingSkills(['k8s'], ['Kubernetes'])).toEqual(['k8s']);
    expect(matchingSkills(['golang'], ['Go'])).toEqual(['golang']);
    expect(matchingSkills(['vuejs'], ['Vue'])).toEqual(['vuejs']);
  });

  it('keeps names with marks apart: C, C# and C++ are three skills', () => {
    expect(matchingSkills(['C#', 'C++', 'C'], ['C#'])).toEqual(['C#']);
    expect(matchingSkills(['C'], ['C++'])).toEqual([]);
  });

  it('counts what a technology implies: a Next.js task needs React, a SwiftUI expert knows Swift', () => {
    expect(matchingSkills(['react'], ['Next.js'])).toEqual(['react']);
    expect(matchingSkills(['SwiftUI'], ['Swift'])).toEqual(['SwiftUI']);
    expect(matchingSkills(['Swift'], ['SwiftUI'])).toEqual(['Swift']);
  });

  it('answers only the skills that match, in the expert’s order and words', () => {
    expect(matchingSkills(['Django', 'TypeScript', 'next.js', 'Figma'], ['Next.js', 'Vercel', 'TypeScript'])).toEqual([
      'TypeScript',
      'next.js',
    ]);
    expect(matchingSkills(['Django', 'Flask'], ['Next.js', 'Vercel'])).toEqual([]);
  });

  it('matches a phrase by the technologies it names, and an unknown skill by its own name', () => {
    expect(matchingSkills(['React and Node.js backends'], ['Node.js'])).toEqual(['React and Node.js backends']);
    expect(matchingSkills(['Frobnicator Pro'], ['frobnicator pro'])).toEqual(['Frobnicator Pro']);
  });

  it('matches nothing against an empty stack or with empty skills', () => {
    expect(matchingSkills(['React'], [])).toEqual([]);
    expect(matchingSkills([], ['React'])).toEqual([]);
    expect(matchingSkills(['  '], ['React'])).toEqual([]);
  });
});
