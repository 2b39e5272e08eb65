import PlaceIcon from '@mui/icons-material/Place';
import type { RaRecord } from 'react-admin';
import { DestinationCreate } from './DestinationCreate';
import { DestinationEdit } from './DestinationEdit';
import { DestinationList } from './DestinationList';
import { DestinationShow } from './DestinationShow';

export default {
  list: DestinationList,
  edit: DestinationEdit,
  create: DestinationCreate,
  show: DestinationShow,
  icon: PlaceIcon,
  recordRepresentation: (record: RaRecord) => record.name,
};
