/**
 * Hands a request to a function's Deno server with the Host the function should see in `req.url`.
 * fetch() cannot do it (Host is a forbidden request header, always the socket's address), so this
 * speaks node:http and turns the answer back into a web Response, its body streamed.
 */
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';

/** Hop-by-hop headers a proxy does not pass on (fetch has already decoded the body). */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export async function forward(port: number, host: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : Buffer.from(await request.arrayBuffer());
  const headers: Record<string, string | string[]> = { host };
  request.headers.forEach((value, key) => {
    if (!HOP_HEADERS.has(key)) headers[key] = value;
  });
  if (body) headers['content-length'] = String(body.length);
  return new Promise<Response>((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: request.method, path: `${url.pathname}${url.search}`, headers }, (res) => {
      const out = new Headers();
      for (const [key, value] of Object.entries(res.headers)) {
        if (value === undefined || HOP_HEADERS.has(key)) continue;
        for (const item of Array.isArray(value) ? value : [value]) out.append(key, item);
      }
      const status = res.statusCode ?? 502;
      // A web Response cannot carry 1xx (e.g. a raw protocol upgrade), which is not served.
      if (status < 200 || status > 599) {
        res.destroy();
        return fail(new Error(`function answered status ${status}`));
      }
      const empty = request.method === 'HEAD' || status === 204 || status === 304;
      done(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage, headers: out }));
    });
    req.once('error', fail);
    req.end(body ?? undefined);
  });
}
