import { InitialSchema1795308075126 } from './1795308075126-InitialSchema';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const SQLITE_MIGRATIONS: Function[] = [InitialSchema1795308075126];
