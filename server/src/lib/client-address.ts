import ipaddr from 'ipaddr.js';

/**
 * The key every per-address limit counts a client under (messages, guest sessions, uploads,
 * sign-in, wrong share tokens, access requests): one function, so that a client cannot be one
 * address to one limit and several to another.
 * - An IPv4 address is itself; an IPv4-mapped IPv6 address (`::ffff:192.0.2.7`, what a dual-stack
 *   socket reports for an IPv4 client) counts as that IPv4 address.
 * - An IPv6 address counts as its network of `ipv6PrefixLength` bits, written as CIDR
 *   (`2001:db8:1:2::/64`): a subscriber is usually given a whole /64 (RFC 6177), and its host may
 *   pick any address in it (RFC 8981 temporary addresses), so counting single addresses lets one
 *   client rotate through 2^64 of them.
 * @param address the client's address as Fastify resolved it (`request.ip`; TRUST_PROXY decides).
 * @param ipv6PrefixLength CLIENT_IPV6_PREFIX_LENGTH, 1–128.
 * @returns the key; a string that is no IP address (none reaches here from a socket) is kept as it is.
 */
export function clientAddressKey(address: string, ipv6PrefixLength: number): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  // The zone of a link-local address names an interface of this host, not a different client.
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString().replace(/%.*$/, '')}/${ipv6PrefixLength}`);
  return `${network.toRFC5952String()}/${ipv6PrefixLength}`;
}
