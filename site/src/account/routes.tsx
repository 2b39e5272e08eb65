import type { RouteObject } from 'react-router';
import { loadChunk } from '../app/lazy-route';

export { ACCOUNT_PATHS } from './paths';

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
    path: 'login',
    handle: noindex('Iniciar sesión'),
    lazy: async () => ({ Component: (await loadChunk('login-page', () => import('./login/login-page'))).LoginPage }),
  },
  {
    path: 'sign-up',
    handle: noindex('Crear cuenta'),
    lazy: async () => ({
      Component: (await loadChunk('sign-up-page', () => import('./sign-up/sign-up-page'))).SignUpPage,
    }),
  },
  {
    path: 'forgot-password',
    handle: noindex('Recuperar contraseña'),
    lazy: async () => ({
      Component: (await loadChunk('forgot-password-page', () => import('./password/forgot-password-page')))
        .ForgotPasswordPage,
    }),
  },
  {
    path: 'email-verification/:uidb64/:token',
    handle: noindex('Verificación de correo'),
    lazy: async () => ({
      Component: (await loadChunk('verify-email-page', () => import('./verify/verify-email-page'))).VerifyEmailPage,
    }),
  },
  {
    path: 'api/users/reset/:uidb64/:token',
    handle: noindex('Restablecer contraseña'),
    lazy: async () => ({
      Component: (await loadChunk('reset-password-page', () => import('./password/reset-password-page')))
        .ResetPasswordPage,
    }),
  },
  {
    path: 'user-account/*',
    handle: noindex('Mi cuenta'),
    lazy: async () => ({
      Component: (await loadChunk('user-account-page', () => import('./user-account/user-account-page')))
        .UserAccountPage,
    }),
  },
];
