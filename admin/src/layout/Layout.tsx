import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useLocaleState, useLogout } from 'react-admin';
import { startPeriodicRefresh, TOKENS_KEY } from '../auth/tokens';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/** Signing out in one tab signs out the others; the session is refreshed while a tab is open. */
function useSessionSync() {
  const logout = useLogout();
  useEffect(() => {
    const stop = startPeriodicRefresh();
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKENS_KEY && event.newValue === null) void logout();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
    };
  }, [logout]);
}

/** The page's language follows the back-office's, for screen readers and the browser. */
function useDocumentLanguage() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}

export function Layout({ children }: { children: ReactNode }) {
  useSessionSync();
  useDocumentLanguage();
  return (
    // The content may shrink below its widest child (a table, a chart): that child scrolls inside
    // its own box instead of widening the page on a phone.
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      sx={{
        minWidth: 0,
        '& .RaLayout-content': { minWidth: 0 },
        '& .RaList-main': { minWidth: 0 },
        '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
      }}
    >
      {children}
    </RaLayout>
  );
}
