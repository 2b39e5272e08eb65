import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { useTranslate } from 'react-admin';
import { STATUS_COLORS } from '../common/statuses';
import { ChartCard } from '../common/ChartCard';

export function StatusChart({ statuses }: { statuses: AdminDashboard['leads_by_status'] }) {
  const translate = useTranslate();
  const data = statuses.map((s) => ({ ...s, label: translate(`app.status.${s.status}`) }));
  return (
    <ChartCard title="app.dashboard.by_status">
      <div style={{ width: '100%', height: 240 }}>
        <ResponsiveContainer>
          <BarChart data={data} margin={{ top: 10, right: 10, left: -10, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} interval={0} angle={-30} textAnchor="end" height={70} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip formatter={(v) => [v, translate('app.dashboard.series')]} />
            <Bar dataKey="count">
              {data.map((s) => (
                <Cell key={s.status} fill={STATUS_COLORS[s.status]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
