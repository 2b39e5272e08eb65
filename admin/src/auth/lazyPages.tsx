import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/** Pages that check new passwords load the common-password list only when opened. */
function onDemand(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function OnDemandPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    );
  };
}

export const SignUpPage = onDemand(() => import('./SignUpPage').then((m) => ({ default: m.SignUpPage })));
export const ResetPasswordPage = onDemand(() =>
  import('./ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
