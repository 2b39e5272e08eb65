import { PersonShow } from '../common/PersonShow';

export const UserShow = () => <PersonShow showAdminFlag />;
