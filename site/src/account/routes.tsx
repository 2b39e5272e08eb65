import { PATHS, ROUTE_PATTERNS } from '@shared/paths';
import type { RouteObject } from 'react-router';
import { loadChunk } from '../lib/lazy-route';

const SITE = 'Ofertas de Viaje';

/** Page meta in the shell's `handle.meta` shape: account screens are never indexed. */
const noindex = (title: string) => ({
  meta: () => ({
    title: `${title} | ${SITE}`,
    description: 'Tu cuenta en Ofertas de Viaje: reservas, datos y seguridad.',
    robots: 'noindex',
  }),
});

/**
 * The account screens, for the public shell's router (children of its layout route). They render
 * in the browser only once the session is read, so each page loads on demand.
 */
export const accountRoutes: RouteObject[] = [
  {
    path: PATHS.login,
    handle: noindex('Iniciar sesión'),
    lazy: async () => ({ Component: (await loadChunk('login-page', () => import('./login/login-page'))).LoginPage }),
  },
  {
    path: PATHS.signUp,
    handle: noindex('Crear cuenta'),
    lazy: async () => ({
      Component: (await loadChunk('sign-up-page', () => import('./sign-up/sign-up-page'))).SignUpPage,
    }),
  },
  {
    path: PATHS.forgotPassword,
    handle: noindex('Recuperar contraseña'),
    lazy: async () => ({
      Component: (await loadChunk('forgot-password-page', () => import('./password/forgot-password-page')))
        .ForgotPasswordPage,
    }),
  },
  {
    path: ROUTE_PATTERNS.verifyEmail,
    handle: noindex('Verificación de correo'),
    lazy: async () => ({
      Component: (await loadChunk('verify-email-page', () => import('./verify/verify-email-page'))).VerifyEmailPage,
    }),
  },
  {
    path: ROUTE_PATTERNS.signInLink,
    handle: noindex('Acceso desde este dispositivo'),
    lazy: async () => ({
      Component: (await loadChunk('sign-in-link-page', () => import('./login/sign-in-link-page'))).SignInLinkPage,
    }),
  },
  {
    path: ROUTE_PATTERNS.confirmEarlierRequests,
    handle: noindex('Confirmar solicitudes anteriores'),
    lazy: async () => ({
      Component: (await loadChunk('confirm-earlier-page', () => import('./verify/confirm-earlier-page')))
        .ConfirmEarlierPage,
    }),
  },
  {
    path: ROUTE_PATTERNS.resetPassword,
    handle: noindex('Restablecer contraseña'),
    lazy: async () => ({
      Component: (await loadChunk('reset-password-page', () => import('./password/reset-password-page')))
        .ResetPasswordPage,
    }),
  },
  {
    path: ROUTE_PATTERNS.accountTabs,
    handle: noindex('Mi cuenta'),
    lazy: async () => ({
      Component: (await loadChunk('user-account-page', () => import('./user-account/user-account-page')))
        .UserAccountPage,
    }),
  },
];
