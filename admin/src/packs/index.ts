import CardTravelIcon from '@mui/icons-material/CardTravel';
import type { RaRecord } from 'react-admin';
import { PackCreate } from './PackCreate';
import { PackEdit } from './PackEdit';
import { PackList } from './PackList';
import { PackShow } from './PackShow';

export default {
  list: PackList,
  edit: PackEdit,
  create: PackCreate,
  show: PackShow,
  icon: CardTravelIcon,
  recordRepresentation: (record: RaRecord) => record.name,
};
