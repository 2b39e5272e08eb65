/** Where the account screens live; the e-mailed links use the last two. */
export const ACCOUNT_PATHS = {
  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  account: '/user-account',
  leads: '/user-account/leads',
  settings: '/user-account/settings',
  verifyEmail: '/email-verification/:uidb64/:token',
  resetPassword: '/api/users/reset/:uidb64/:token',
  admin: '/admin',
} as const;
