import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The agency's name, the same in every language. */
const BRAND = 'Travel Deals';

export function Logo() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label={translate('app.title')}>
      <FlightTakeoffIcon />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.3, whiteSpace: 'nowrap' }}>
        {BRAND}
      </Typography>
    </Box>
  );
}
