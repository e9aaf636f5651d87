import { describe, expect, it } from 'vitest';
import { isAdminPath, pathToRestore } from './redirect-path.ts';

describe('pathToRestore', () => {
  it('returns the saved path when it is elsewhere', () => {
    expect(pathToRestore('/dashboard', '/')).toBe('/dashboard');
    expect(pathToRestore('/redirect-test?status=ok', '/')).toBe('/redirect-test?status=ok');
  });

  it('stays when the saved path is the root or the current path, or nothing was saved', () => {
    expect(pathToRestore('/', '/dashboard')).toBeNull();
    expect(pathToRestore('/?x=1', '/dashboard')).toBeNull();
    expect(pathToRestore('/admin', '/admin')).toBeNull();
    expect(pathToRestore(null, '/')).toBeNull();
  });

  it('never leaves the site', () => {
    expect(pathToRestore('//evil.example/x', '/')).toBeNull();
    expect(pathToRestore('/\\evil.example', '/')).toBeNull();
    expect(pathToRestore('https://evil.example/', '/')).toBeNull();
  });
});

describe('isAdminPath', () => {
  it('matches every path starting with /admin', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/users')).toBe(true);
    expect(isAdminPath('/dashboard')).toBe(false);
  });
});
