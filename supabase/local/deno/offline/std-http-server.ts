// A local stand-in for Deno's standard `http/server.ts` (https://deno.land/std/http/server.ts), for
// functions written against it when that host cannot be reached: its `serve(handler, options)`
// is `Deno.serve`, which the Edge Runtime and the embedded backend both serve.
type Handler = (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

export function serve(handler: Handler, options: Deno.ServeTcpOptions = {}): Promise<void> {
  return Deno.serve(options, handler).finished;
}
