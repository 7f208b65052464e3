/**
 * Whether a request carries the project's service role key as its bearer. Hosted `verify_jwt` lets
 * any project key through, so a function only the service role may call compares it itself, in
 * constant time.
 */
export function hasServiceKey(req: Request, serviceRoleKey: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1] ?? '';
  if (given.length !== serviceRoleKey.length) return false;
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given.charCodeAt(i) ^ serviceRoleKey.charCodeAt(i);
  return diff === 0;
}
