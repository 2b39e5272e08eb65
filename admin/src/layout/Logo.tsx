import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import { Box, Typography } from '@mui/material';

export function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label="Travel Deals back-office">
      <FlightTakeoffIcon />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: 0.3, whiteSpace: 'nowrap' }}>
        Travel Deals
      </Typography>
    </Box>
  );
}
