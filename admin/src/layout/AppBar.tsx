import LogoutIcon from '@mui/icons-material/Logout';
import { Box, Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { AppBar as RaAppBar, TitlePortal, useLogout } from 'react-admin';
import { Logo } from './Logo';

/** Header: logo, page title and a Logout button always in sight. */
export function AppBar() {
  const logout = useLogout();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <RaAppBar userMenu={false} color="primary">
      <Logo />
      <Box component="span" sx={{ mx: 2, opacity: 0.5, display: { xs: 'none', sm: 'inline' } }}>
        |
      </Box>
      <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
      {small ? (
        <IconButton color="inherit" onClick={() => void logout()} aria-label="Logout">
          <LogoutIcon />
        </IconButton>
      ) : (
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void logout()}>
          Logout
        </Button>
      )}
    </RaAppBar>
  );
}
