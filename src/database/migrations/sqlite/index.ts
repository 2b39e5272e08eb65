import { InitialSchema1795310044658 } from './1795310044658-InitialSchema';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const SQLITE_MIGRATIONS: Function[] = [InitialSchema1795310044658];
