export { DashboardPage as Dashboard } from './DashboardPage';
