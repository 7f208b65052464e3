/**
 * Test harness for resource views: the real generic data provider and i18n catalogue over an
 * in-memory RPC endpoint (what supabase-js `rpc()` answers), inside react-admin's AdminContext.
 * Tests assert on what a user sees and on the RPC calls that left the page.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { createRpcDataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import type { ResourceDeclaration } from '../resources/types';

export type RpcHandler = (args: Record<string, unknown> | undefined) => unknown;
export interface RpcCall {
  fn: string;
  args: Record<string, unknown> | undefined;
}

/** A refusal as PostgREST sends it (e.g. errcode 42501 -> 403). */
export class RpcRefusal extends Error {
  constructor(message: string, readonly status = 403, readonly code = '42501') {
    super(message);
  }
}

export function rpcEndpoint(handlers: Record<string, RpcHandler>) {
  const calls: RpcCall[] = [];
  const client = {
    rpc: async (fn: string, args?: Record<string, unknown>) => {
      calls.push({ fn, args });
      const handler = handlers[fn];
      if (!handler) return { data: null, error: { message: `Unknown function ${fn}` }, status: 404 };
      try {
        return { data: await handler(args), error: null, status: 200 };
      } catch (e) {
        const refusal = e instanceof RpcRefusal ? e : new RpcRefusal(String(e), 500, 'XX000');
        return { data: null, error: { message: refusal.message, code: refusal.code }, status: refusal.status };
      }
    },
  };
  return { client: client as never, calls };
}

const authProviderFor = (role: string | null): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => role,
});

export interface RenderOptions {
  handlers: Record<string, RpcHandler>;
  /** The signed-in user's role (react-admin permissions); default 'owner'. */
  role?: string | null;
  /** Other resources the view reads (e.g. 'media' for an image picker inside a product form). */
  extra?: ResourceDeclaration[];
}

/** Renders `view` as resource `declaration.name`; returns the RPC calls made. */
export function renderResource(declaration: ResourceDeclaration, view: ReactNode, options: RenderOptions) {
  const { client, calls } = rpcEndpoint(options.handlers);
  const dataProvider = createRpcDataProvider([declaration, ...(options.extra ?? [])], client);
  // A plain (non-data) router: jsdom has no fetch Request, which data routers need to navigate.
  const utils = render(
    <MemoryRouter>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProviderFor(options.role === undefined ? 'owner' : options.role)}
        i18nProvider={i18nProvider}
      >
        <ResourceContextProvider value={declaration.name}>{view}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...utils, calls };
}
