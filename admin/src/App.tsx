import { Admin, ListGuesser, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';

export function App() {
  return (
    <Admin basename="/admin" dataProvider={dataProvider} authProvider={authProvider} disableTelemetry requireAuth>
      <Resource name="agents" list={ListGuesser} />
      <Resource name="users" list={ListGuesser} options={{ label: 'Customers' }} />
      <Resource name="destinations" list={ListGuesser} />
      <Resource name="packs" list={ListGuesser} options={{ label: 'Travel Packs' }} />
      <Resource name="leads" list={ListGuesser} />
    </Admin>
  );
}
