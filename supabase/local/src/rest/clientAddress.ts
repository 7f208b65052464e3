/**
 * The client address PostgREST's `request.headers` carry on this backend. The SQL rate limits of
 * the visitor forms count it (buzz_haven.client_address()),
 * so a client must not be able to choose it:
 * every address header the client sent (CF-Connecting-IP, X-Real-IP, X-Forwarded-For, Forwarded...)
 * is dropped, and the address is the socket's peer, or, when that peer is a proxy listed in
 * BUZZ_TRUSTED_PROXIES, the address that proxy reports (its X-Forwarded-For read from the right
 * past the trusted hops, as nginx's real_ip_recursive does; else its X-Real-IP).
 *
 * The headers passed on have the shape hosted projects give PostgREST, so the migration's default
 * reads the same entry here and there: X-Forwarded-For is "<client>, <the hop in front of the
 * gateway>" (hosted: the visitor, then the address the load balancer appends; supabase/postgres
 * PR #1593), here "<client>, <this server's own address>". X-Real-IP is the client, as Kong sets it
 * from its connection (kong/templates/nginx_kong.lua: X-Real-IP $remote_addr).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Headers through which a client (or a proxy not trusted) could name an address. */
export const ADDRESS_HEADERS = [
  'x-real-ip', 'x-forwarded-for', 'forwarded', 'cf-connecting-ip', 'true-client-ip', 'x-client-ip',
  'x-cluster-client-ip', 'fastly-client-ip', 'sb-forwarded-for', 'x-envoy-external-address',
];

export interface AddressSocket {
  remoteAddress?: string | undefined;
  localAddress?: string | undefined;
}

/** '::ffff:192.0.2.1' (an IPv4 peer on a dual-stack socket) is 192.0.2.1. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The proxies whose address headers are believed: addresses or CIDR blocks, IPv4 or IPv6. */
export function trustedProxies(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    if (family === 0 || extra !== undefined || (prefix !== null
      && (!/^\d+$/.test(bits!) || prefix > (family === 4 ? 32 : 128)))) {
      throw new Error(`BUZZ_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR block`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function headerText(headers: IncomingHttpHeaders, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v.join(', ') : v) ?? '';
}

/** The client's address: the peer, or what a trusted peer reports. */
export function clientAddress(socket: AddressSocket, headers: IncomingHttpHeaders, trusted: BlockList): string {
  const peer = plain(socket.remoteAddress ?? '');
  if (!isTrusted(trusted, peer)) return peer;
  const hops = headerText(headers, 'x-forwarded-for').split(',').map((h) => plain(h.trim())).filter(Boolean);
  if (hops.length === 0) {
    const real = plain(headerText(headers, 'x-real-ip').trim());
    return isIP(real) ? real : peer;
  }
  let address = peer;
  for (const hop of hops.reverse()) {
    if (!isIP(hop)) break; // a malformed entry: keep the last address a trusted hop vouched for
    address = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return address;
}

/** The request headers as PostgREST would see them behind the deployment's gateway, as JSON. */
export function forwardedHeaders(socket: AddressSocket, headers: IncomingHttpHeaders, trusted: BlockList): string {
  const client = clientAddress(socket, headers, trusted);
  const out: Record<string, unknown> = { ...headers };
  for (const name of ADDRESS_HEADERS) delete out[name];
  out['x-real-ip'] = client;
  out['x-forwarded-for'] = `${client}, ${plain(socket.localAddress ?? '')}`;
  return JSON.stringify(out);
}
