import { Admin, ListGuesser, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';

export function App() {
  return (
    // History routing under /admin (deep links such as /admin/leads/12 load on refresh).
    <BrowserRouter basename="/admin">
      <Admin dataProvider={dataProvider} authProvider={authProvider} disableTelemetry requireAuth>
        <Resource name="agents" list={ListGuesser} />
        <Resource name="users" list={ListGuesser} options={{ label: 'Customers' }} />
        <Resource name="destinations" list={ListGuesser} />
        <Resource name="packs" list={ListGuesser} options={{ label: 'Travel Packs' }} />
        <Resource name="leads" list={ListGuesser} />
      </Admin>
    </BrowserRouter>
  );
}
