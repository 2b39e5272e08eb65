import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import type { RaRecord } from 'react-admin';
import { TemplateCreate, TemplateEdit } from './TemplateEdit';
import { TemplateList } from './TemplateList';

export default {
  list: TemplateList,
  edit: TemplateEdit,
  create: TemplateCreate,
  icon: MailOutlineIcon,
  recordRepresentation: (record: RaRecord) => record.name,
};
