/**
 * GoTrue's paginate / addPaginationHeaders (internal/api/pagination.go), shared by the admin lists
 * (/admin/users, /admin/oauth/clients): `page` (from 1) and `per_page` (default 50) query
 * parameters, a non-number answers 400 "Bad Pagination Parameters"; the answer carries
 * `X-Total-Count` and a `Link` header with rel="next" (when there is one) and rel="last", on the
 * request's own query (supabase-js reads them into nextPage / lastPage / total).
 */
import type { FastifyReply } from 'fastify';
import { validationFailed } from '../errors.js';

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

export function pageOf(q: Record<string, string | undefined>): Page {
  const number = (name: string, fallback: number): number => {
    const raw = q[name] ?? '';
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
    return Number(raw);
  };
  const page = Math.max(1, number('page', 1));
  const perPage = Math.max(1, number('per_page', 50));
  return { page, perPage, offset: (page - 1) * perPage };
}

export function setPaginationHeaders(reply: FastifyReply, path: string, q: Record<string, string | undefined>, { page, perPage }: Page, total: number): void {
  const lastPage = Math.ceil(total / perPage);
  const linkTo = (p: number) => {
    const params = new URLSearchParams({ ...Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v === 'string')), page: String(p) });
    params.sort();
    return `<${path}?${params.toString()}>`;
  };
  const links = [...(lastPage > page ? [`${linkTo(page + 1)}; rel="next"`] : []), `${linkTo(lastPage)}; rel="last"`];
  reply.header('x-total-count', String(total)).header('link', links.join(', '));
}
