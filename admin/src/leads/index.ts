import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import type { RaRecord } from 'react-admin';
import { LeadCreate } from './LeadCreate';
import { LeadEdit } from './LeadEdit';
import { LeadList } from './LeadList';
import { LeadShow } from './LeadShow';

export { LeadBoardPage as LeadBoard } from './LeadBoardPage';

export default {
  list: LeadList,
  edit: LeadEdit,
  create: LeadCreate,
  show: LeadShow,
  icon: ContactPhoneIcon,
  recordRepresentation: (record: RaRecord) => `#${record.id} ${record.first_name} ${record.last_name}`,
};
