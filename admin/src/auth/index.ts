export { authProvider, type StaffRole } from './authProvider';
export { useIsAdmin } from './useStaffRole';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage, SignUpPage } from './lazyPages';
export { LoginPage } from './LoginPage';
