/**
 * Test harness for resource views: the real generic data provider, supabase-js client and i18n
 * catalogue over an in-memory PostgREST endpoint (postgrestEndpoint.ts), inside react-admin.
 * `renderResource` renders one view; `renderAdmin` the whole back office's routes at a path.
 * Tests assert on what a user sees and on the RPC calls and query strings that left the page.
 */
import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  AdminContext, AdminUI, Notification, Resource, ResourceContextProvider, ResourceDefinitionContextProvider, localStorageStore,
  type AuthProvider,
} from 'react-admin';
import { createRpcDataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { resources } from '../resources';
import { resourceDefinitionsOf, resourcePropsOf } from '../crud/resourceViews';
import type { ResourceDeclaration } from '../crud/declaration';
import { rpcEndpoint, type RpcHandler } from './postgrestEndpoint';

export { RpcRefusal, rpcEndpoint, type RpcCall, type RpcHandler, type RpcRequest } from './postgrestEndpoint';

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
}

/** Lists every detail page reads besides its own (its history, an event's registrations): empty unless a test says. */
const DETAIL_DEFAULTS: Record<string, RpcHandler> = {
  get_buzz_haven_activity: () => [],
  get_buzz_haven_event_registrations: () => [],
};

function providers(options: RenderOptions) {
  const endpoint = rpcEndpoint({ ...DETAIL_DEFAULTS, ...options.handlers });
  return {
    ...endpoint,
    dataProvider: createRpcDataProvider(resources, endpoint.client),
    authProvider: authProviderFor(options.role === undefined ? 'owner' : options.role),
  };
}

/**
 * Renders `view` as resource `declaration.name`, with every declared resource's definition (as
 * `<Admin>` registers them; `declaration` in place of its namesake); returns the RPC calls and requests made.
 */
export function renderResource(declaration: ResourceDeclaration, view: ReactNode, options: RenderOptions) {
  const { calls, requests, dataProvider, authProvider } = providers(options);
  // A plain (non-data) router: jsdom has no fetch Request, which data routers need to navigate.
  const utils = render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={resourceDefinitionsOf([...resources, declaration])}>
          <ResourceContextProvider value={declaration.name}>{view}</ResourceContextProvider>
          <Notification />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...utils, calls, requests };
}

// As <Admin>'s default store (list settings in localStorage), shared by the renders of a test file.
const store = localStorageStore();

const BareLayout = ({ children }: { children?: ReactNode }) => (
  <main><Suspense fallback={<p>Loading</p>}>{children}</Suspense></main>
);

/**
 * Every declared resource's routes (generated or own views), opened at `path` (e.g. '/events/create'):
 * `<Admin>` as App.tsx composes it, the definitions registered from the first render on.
 */
export function renderAdmin(path: string, options: RenderOptions) {
  const { calls, requests, dataProvider, authProvider } = providers(options);
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} store={store}>
        <ResourceDefinitionContextProvider definitions={resourceDefinitionsOf(resources)}>
          <AdminUI layout={BareLayout} disableTelemetry>
            {resources.map((d) => (
              <Resource key={d.name} {...resourcePropsOf(d)} />
            ))}
          </AdminUI>
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...utils, calls, requests };
}
