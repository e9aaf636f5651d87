import { describe, expect, it } from 'vitest';
import { fileProblem, MAX_FILE_BYTES } from './file-checks.ts';

describe('fileProblem', () => {
  it('accepts an ordinary file up to 10 MB', () => {
    expect(fileProblem({ name: 'notes.txt', size: 120 }, 0)).toBeNull();
    expect(fileProblem({ name: 'app.zip', size: MAX_FILE_BYTES }, 4)).toBeNull();
  });

  it('refuses an 11 MB file, an empty one, a program and a sixth file, each with its reason', () => {
    expect(fileProblem({ name: 'big.zip', size: 11 * 1024 * 1024 }, 0)).toBe('This file is larger than 10 MB. Please send a smaller one.');
    expect(fileProblem({ name: 'empty.txt', size: 0 }, 0)).toBe('This file is empty.');
    expect(fileProblem({ name: 'Setup.EXE', size: 10 }, 0)).toBe(
      'Programs (.exe) cannot be sent. Please send the source code or a ZIP of it.',
    );
    expect(fileProblem({ name: 'six.txt', size: 10 }, 5)).toBe('One message can carry at most 5 files.');
  });
});
