import { Alert, Avatar, Box, Card, CardContent, Link as MuiLink, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useEffect, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { Link } from 'react-router';
import { Logo } from '../common/Logo';

/**
 * The frame of the sign-in, sign-up and password pages. They are outside the back-office layout,
 * so the frame names the page's language itself (the browser's, or the one chosen in the app bar).
 */
export function AuthCard({
  title,
  error,
  success,
  children,
  links,
}: {
  title: string;
  error?: string | null;
  success?: string | null;
  children: ReactNode;
  links?: Array<{ to: string; label: string }>;
}) {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0b5cad 0%, #00897b 100%)',
        p: 2,
      }}
    >
      <Box sx={{ color: '#fff', mb: 2 }}>
        <Logo />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
            <Avatar sx={{ bgcolor: 'secondary.main' }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h5" component="h1" sx={{ textAlign: 'center' }}>
              {title}
            </Typography>
          </Stack>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          {success && (
            <Alert severity="success" sx={{ mb: 2 }} role="status">
              {success}
            </Alert>
          )}
          {children}
          {links && (
            <Stack direction="row" useFlexGap sx={{ mt: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              {links.map((link) => (
                <MuiLink key={link.to} component={Link} to={link.to} variant="body2">
                  {link.label}
                </MuiLink>
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
