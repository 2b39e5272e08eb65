import { defaultTheme, type RaThemeOptions } from 'react-admin';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#0b5cad' }, secondary: { main: '#00897b' }, background: { default: '#f4f6f9' } },
  shape: { borderRadius: 8 },
  sidebar: { width: 220, closedWidth: 55 },
  components: {
    ...defaultTheme.components,
    // Wide content (the board, tables on phones) scrolls inside the page instead of widening it.
    RaLayout: { styleOverrides: { root: { '& .RaLayout-content': { minWidth: 0 } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-headerCell': { fontWeight: 600 } } } },
  },
};
