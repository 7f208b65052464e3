/**
 * The back office: react-admin composed from our providers, layout, dashboard and the resource
 * declarations. Nothing else lives here; add resources in resources/index.ts.
 */
import { Admin, Resource, defaultTheme } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/appDataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { Layout } from './layout/Layout';
import { Dashboard } from './dashboard/Dashboard';
import { resources } from './resources';
import { viewOf } from './crud/resourceViews';
import { adminThemeFrom } from './theme';

const theme = adminThemeFrom(defaultTheme);

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
      {resources.map((declaration) => (
        <Resource
          key={declaration.name}
          name={declaration.name}
          icon={declaration.icon}
          options={{ label: declaration.label }}
          recordRepresentation={declaration.recordRepresentation}
          list={viewOf(declaration, 'list')}
          show={viewOf(declaration, 'show')}
          create={viewOf(declaration, 'create')}
          edit={viewOf(declaration, 'edit')}
        />
      ))}
    </Admin>
  );
}
