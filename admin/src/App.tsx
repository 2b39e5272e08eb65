import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import agents from './agents';
import { authProvider, ForgotPasswordPage, LoginPage, ResetPasswordPage, SignUpPage } from './auth';
import { Dashboard } from './dashboard';
import { dataProvider } from './dataProvider';
import destinations from './destinations';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import leads, { LeadBoard } from './leads';
import packs from './packs';
import users from './users';

export function App() {
  return (
    // History routing under /admin (deep links such as /admin/leads/12/show load on refresh).
    <BrowserRouter basename="/admin">
      <Admin
        title="Travel Deals back-office"
        dataProvider={dataProvider}
        authProvider={authProvider}
        dashboard={Dashboard}
        layout={Layout}
        loginPage={LoginPage}
        theme={theme}
        disableTelemetry
        requireAuth
      >
        <CustomRoutes noLayout>
          <Route path="/sign-up" element={<SignUpPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/api/users/reset/:uidb64/:token" element={<ResetPasswordPage />} />
        </CustomRoutes>
        <Resource name="agents" {...agents} />
        <Resource name="users" options={{ label: 'Customers' }} {...users} />
        <Resource name="destinations" {...destinations} />
        <Resource name="travel-packs" options={{ label: 'Travel Packs' }} {...packs} />
        <Resource name="leads" {...leads}>
          <Route path="board" element={<LeadBoard />} />
        </Resource>
      </Admin>
    </BrowserRouter>
  );
}
