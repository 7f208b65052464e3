/**
 * The back office: react-admin composed from our providers, layout, dashboard and the resource
 * declarations. Nothing else lives here; add resources in resources/index.ts.
 * `AdminContext` + `CoreAdminUI` is react-admin's `<Admin>` without the defaults we replace
 * (its layout, app bar, menu and login page), which would otherwise ship in the first load.
 */
import { CoreAdminUI } from 'ra-core';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import {
  AdminContext, CustomRoutes, Error, NotFound, Notification, Resource, ResourceDefinitionContextProvider, defaultDarkTheme, defaultLightTheme,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/appDataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { Dashboard } from './dashboard/Dashboard';
import { FullPageSpinner } from './common/FullPageSpinner';
import { resources } from './resources';
import { resourceDefinitionsOf, resourcePropsOf } from './crud/resourceViews';
import { adminThemeFrom, darkThemeOptions } from './theme';
import { browserStore } from './providers/store';
import { storedUserId } from './providers/session';
import { createOfflineQueryClient } from './offline/queryClient';
import { persistOptions, writeWhenLeaving } from './offline/persister';

// The two-factor page loads only when opened.
const SecurityPage = lazy(() => import('./auth/SecurityPage').then((m) => ({ default: m.SecurityPage })));
const lightTheme = adminThemeFrom(defaultLightTheme);
// With a dark theme, react-admin follows the system's setting until the sidebar's switch (the
// store's 'theme') chooses one.
const darkTheme = adminThemeFrom(defaultDarkTheme, darkThemeOptions);
// As <Admin>: list settings (sort, page size) are kept in localStorage.
const store = browserStore();
const Loading = () => <FullPageSpinner />;
const CatchAll = () => <NotFound />;
// Registered from the first render on (<Resource> registers them only after it): the generated
// views read their declaration there (crud/useDeclaration.ts).
const definitions = resourceDefinitionsOf(resources);
const offlineResources = resources.filter((r) => r.offline).map((r) => r.name);

/**
 * After the device's cache is restored: the session answers (role, identity) are read again, as
 * on every start (a role granted meanwhile opens the back office; offline the kept ones stay),
 * and saves left from an earlier visit are sent if there is a network.
 */
function restored(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: ['auth'] });
  void queryClient.resumePausedMutations();
}

export default function App() {
  // One client per mount: signing in again restores the device's cache (and queue) afresh.
  const [queryClient] = useState(() => createOfflineQueryClient(dataProvider, offlineResources));
  const [persistence] = useState(() => persistOptions(offlineResources, storedUserId()));
  useEffect(() => writeWhenLeaving(queryClient, persistence), [queryClient, persistence]);
  return (
    // The hives' reads and the saves waiting to be sent are kept on the device (offline/).
    <PersistQueryClientProvider client={queryClient} persistOptions={persistence} onSuccess={() => restored(queryClient)}>
      <AdminContext
        basename="/admin"
        queryClient={queryClient}
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
        darkTheme={darkTheme}
      >
        <ResourceDefinitionContextProvider definitions={definitions}>
          <CoreAdminUI
            disableTelemetry
            title="Buzz Haven Admin"
            layout={Layout}
            dashboard={Dashboard}
            loginPage={false}
            catchAll={CatchAll}
            error={Error}
            loading={Loading}
          >
            {resources.map((declaration) => (
              <Resource key={declaration.name} {...resourcePropsOf(declaration)} />
            ))}
            <CustomRoutes>
              <Route path="/security" element={<Suspense fallback={null}><SecurityPage /></Suspense>} />
            </CustomRoutes>
          </CoreAdminUI>
        </ResourceDefinitionContextProvider>
        <Notification />
      </AdminContext>
    </PersistQueryClientProvider>
  );
}
