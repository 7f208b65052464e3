/**
 * The back office: react-admin composed from our providers, layout, dashboard and the resource
 * declarations. Nothing else lives here; add resources in resources/index.ts.
 */
import { Admin, CustomRoutes, Resource, defaultTheme } from 'react-admin';
import { Route } from 'react-router-dom';
import { SecurityPage } from './auth/SecurityPage';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/appDataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { Dashboard } from './dashboard/Dashboard';
import { resources } from './resources';
import { themeOptions } from './themeOptions';

const theme = { ...defaultTheme, ...themeOptions, palette: { ...defaultTheme.palette, ...themeOptions.palette } };

export default function App() {
  return (
    <Admin
      basename="/admin"
      disableTelemetry
      title="Buzz Haven Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={Dashboard}
      loginPage={false}
      theme={theme}
    >
      {resources.map(({ rpc: _rpc, schema: _schema, toArgs: _toArgs, label, options, ...props }) => (
        <Resource key={props.name} {...props} options={{ ...options, label }} />
      ))}
      <CustomRoutes><Route path="/security" element={<SecurityPage />} /></CustomRoutes>
    </Admin>
  );
}
