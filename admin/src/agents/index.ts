import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import type { RaRecord } from 'react-admin';
import { AgentCreate } from './AgentCreate';
import { AgentEdit } from './AgentEdit';
import { AgentList } from './AgentList';
import { AgentShow } from './AgentShow';

export default {
  list: AgentList,
  edit: AgentEdit,
  create: AgentCreate,
  show: AgentShow,
  icon: SupportAgentIcon,
  recordRepresentation: (record: RaRecord) => record.full_name,
};
