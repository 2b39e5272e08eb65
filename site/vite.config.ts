import { fileURLToPath, URL } from 'node:url';
import { spaConfig } from '../vite.base';

export default spaConfig({ root: fileURLToPath(new URL('.', import.meta.url)), base: '/', devPort: 5173 });
