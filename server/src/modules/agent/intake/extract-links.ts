import { isPublicHost } from '@unstuck/contract';
import { find } from 'linkifyjs';

/**
 * Web addresses in the person's messages (full URLs and bare domains such as "myshop.com"), as linkify
 * normalises them (a bare domain gets "http://"), deduplicated in order of mention. E-mail addresses
 * are not links. Names of tools that look like domains ("bolt.new", "lovable.dev") are kept: they tell
 * the engineer where the project lives. Only public hosts count (the contract's `isPublicHost`: `localhost` and private addresses are not links).
 */
export function extractLinks(messages: readonly string[]): string[] {
  const links = messages.flatMap((text) => find(text, 'url').map((link) => link.href)).filter(isPublicHost);
  return [...new Set(links)];
}
