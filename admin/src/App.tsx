import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { ADMIN_BASE, ADMIN_ROUTES } from '@shared/paths';
import agents from './agents';
import auditLog from './audit';
import { authProvider, ForgotPasswordPage, LoginPage, ResetPasswordPage, SignUpPage, type StaffRole } from './auth';
import { Dashboard } from './dashboard';
import { dataProvider } from './lib/dataProvider';
import destinations from './destinations';
import emailTemplates from './email-templates';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { i18nProvider, store } from './i18n';
import leads, { LeadBoard } from './leads';
import packs from './packs';
import users from './users';

export function App() {
  return (
    // History routing under /admin (deep links such as /admin/leads/12/show load on refresh).
    <BrowserRouter basename={ADMIN_BASE}>
      <Admin
        title="Travel Deals"
        i18nProvider={i18nProvider}
        store={store}
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
          <Route path={ADMIN_ROUTES.signUp} element={<SignUpPage />} />
          <Route path={ADMIN_ROUTES.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={ADMIN_ROUTES.resetPassword} element={<ResetPasswordPage />} />
        </CustomRoutes>
        {(role: StaffRole | null) =>
          role === 'admin' ? (
            <>
              <Resource name="agents" {...agents} />
              <Resource name="users" {...users} />
              <Resource name="destinations" {...destinations} />
              <Resource name="travel-packs" {...packs} />
              <Resource name="leads" {...leads}>
                <Route path="board" element={<LeadBoard />} />
              </Resource>
              <Resource name="email-templates" {...emailTemplates} />
              <Resource name="audit-log" {...auditLog} />
            </>
          ) : (
            // An agent works the lead desk: leads and their board; agents, destinations, packs and
            // templates are there only for the leads' references (no pages of their own).
            <>
              <Resource name="leads" {...leads}>
                <Route path="board" element={<LeadBoard />} />
              </Resource>
              <Resource name="agents" recordRepresentation={agents.recordRepresentation} />
              <Resource name="destinations" recordRepresentation={destinations.recordRepresentation} />
              <Resource name="travel-packs" recordRepresentation={packs.recordRepresentation} />
              <Resource name="email-templates" recordRepresentation={emailTemplates.recordRepresentation} />
            </>
          )
        }
      </Admin>
    </BrowserRouter>
  );
}
