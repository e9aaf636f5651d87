import { readFileSync } from 'node:fs';
import { DEBUG_PAGE_ROUTES, isPagePath, matchesRoute, PAGE_ROUTES } from '@unstuck/contract';
import { describe, expect, it } from 'vitest';

describe('the page routes the router and the server share', () => {
  it('match a route exactly, with its parameters, optional last parameter and trailing rest', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/messages', '/messages/')).toBe(true);
    expect(matchesRoute('/messages', '/messages/x')).toBe(false);
    expect(matchesRoute('/expert-queue/:taskId', '/expert-queue/t1')).toBe(true);
    expect(matchesRoute('/expert-queue/:taskId', '/expert-queue')).toBe(false);
    expect(matchesRoute('/task-share/:shareToken?', '/task-share')).toBe(true);
    expect(matchesRoute('/task-share/:shareToken?', '/task-share/abc')).toBe(true);
    expect(matchesRoute('/task-share/:shareToken?', '/task-share/abc/def')).toBe(false);
    expect(matchesRoute('/admin/*', '/admin')).toBe(true);
    expect(matchesRoute('/admin/*', '/admin/tasks/x')).toBe(true);
    expect(matchesRoute('/admin/*', '/administrator')).toBe(false);
  });

  it('know the debug pages only while they are on', () => {
    expect(isPagePath('/debug', true)).toBe(true);
    expect(isPagePath('/debug', false)).toBe(false);
    expect(isPagePath('/no-such-page', true)).toBe(false);
    expect(isPagePath('/dashboard', false)).toBe(true);
  });

  it('are every route of the router (which accepts no other)', () => {
    const router = readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
    for (const route of [...PAGE_ROUTES, ...DEBUG_PAGE_ROUTES]) expect(router).toContain(`'${route}'`);
  });
});
