import { useMediaQuery, type Theme } from '@mui/material';

/** Phones get a simple list instead of a wide table (the react-admin demo's pattern). */
export const useSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
