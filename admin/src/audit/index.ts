import HistoryIcon from '@mui/icons-material/History';
import { AuditList } from './AuditList';
import { AuditShow } from './AuditShow';

/** The read-only audit log: a list and a show page, nothing to create or edit. */
export default {
  list: AuditList,
  show: AuditShow,
  icon: HistoryIcon,
};
