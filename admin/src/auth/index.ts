export { authProvider } from './authProvider';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { ResetPasswordPage, SignUpPage } from './lazyPages';
export { LoginPage } from './LoginPage';
