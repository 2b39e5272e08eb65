import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, useLogout, useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { Logo } from '../common/Logo';

function LogoutAction() {
  const logout = useLogout();
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return small ? (
    <IconButton color="inherit" onClick={() => void logout()} aria-label={translate('app.appbar.logout')}>
      <LogoutIcon />
    </IconButton>
  ) : (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
      {translate('app.appbar.logout')}
    </Button>
  );
}

/** Header: logo, page title, the language switch and a Logout button always in sight. */
export function AppBar() {
  return (
    <RaAppBar
      userMenu={false}
      color="primary"
      toolbar={
        <>
          <LanguageMenu />
          <LoadingIndicator />
          <LogoutAction />
        </>
      }
    >
      <Logo />
      <Box component="span" sx={{ mx: 2, opacity: 0.5, display: { xs: 'none', sm: 'inline' } }}>
        |
      </Box>
      <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ flex: 1, display: { xs: 'block', sm: 'none' } }} />
    </RaAppBar>
  );
}
