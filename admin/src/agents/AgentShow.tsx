import { PersonShow } from '../common/PersonShow';

export const AgentShow = () => <PersonShow showReceivesLeads />;
