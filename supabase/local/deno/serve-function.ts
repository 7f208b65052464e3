// Runs one Supabase Edge Function (supabase/functions/<name>/index.ts) under real Deno for the
// embedded backend, as `supabase functions serve` runs it under the Edge Runtime: the function's own
// code, unchanged. Its `Deno.serve(...)` is pinned to 127.0.0.1 on a free port, announced on stdout
// as `BUZZ_FUNCTION_LISTENING <port>`; the process ends when its parent closes stdin (so a backend
// killed with SIGKILL leaves no function behind).
// Usage (supabase/local/src/functions/deno.ts does this): deno run ... serve-function.ts <abs path of index.ts>
const entry = Deno.args[0];
if (!entry) throw new Error('usage: serve-function.ts <index.ts>');

type Handler = (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;
const original = Deno.serve.bind(Deno) as (options: Deno.ServeTcpOptions, handler: Handler) => Deno.HttpServer<Deno.NetAddr>;
let served = false;
// deno-lint-ignore no-explicit-any
(Deno as any).serve = (...args: any[]) => {
  if (served) throw new Error('Deno.serve called twice: an Edge Function serves one handler');
  served = true;
  const handler: Handler | undefined = args.find((a) => typeof a === 'function') ?? args[0]?.handler;
  if (!handler) throw new Error('Deno.serve needs a handler');
  return original({
    port: 0,
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.log(`BUZZ_FUNCTION_LISTENING ${port}`),
  }, handler);
};

(async () => {
  // Drain stdin; EOF means the backend is gone.
  const stdin = Deno.stdin.readable.getReader();
  while (!(await stdin.read()).done) { /* nothing is sent */ }
  Deno.exit(0);
})();

await import(new URL(entry, 'file://').href);
if (!served) {
  console.error(`${entry} did not call Deno.serve`);
  Deno.exit(1);
}
