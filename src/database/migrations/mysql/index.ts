import { InitialSchema1795313653850 } from './1795313653850-InitialSchema';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const MYSQL_MIGRATIONS: Function[] = [InitialSchema1795313653850];
