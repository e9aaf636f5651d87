// Which addresses in people's messages become links (docs/product.md "agent-1"): the server's link
// extraction and the web's Markdown renderer follow the same rule.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

/**
 * Whether `href` (an absolute http(s) address) leads to a host anyone can reach: not `localhost` or a
 * name under it or under `.local`, not a one-word name, not a loopback, private or link-local IPv4
 * or IPv6 address. `http://localhost:3000` in a message is the writer's own machine: it stays text.
 * Unparsable addresses are not public. Pure, never throws.
 */
export function isPublicHost(href: string): boolean {
  let host: string;
  try {
    host = new URL(href).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host.includes(':')) return !/^(?:::1?$|::ffff:|f[cd]|fe[89ab])/.test(host);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.')) return false;
  const ip = IPV4.exec(host);
  if (!ip) return true;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return !(a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168));
}
