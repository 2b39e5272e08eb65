import { fileURLToPath, URL } from 'node:url';
import { spaConfig } from '../vite.base';

// The back-office is served under /admin.
export default spaConfig({ root: fileURLToPath(new URL('.', import.meta.url)), base: '/admin/', devPort: 5174 });
