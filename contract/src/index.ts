export * from './common.ts';
export * from './messages.ts';
export * from './proposals.ts';
export * from './tasks.ts';
export * from './health.ts';
export * from './site.ts';
export * from './proposal-words.ts';
