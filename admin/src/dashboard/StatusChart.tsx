import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { STATUS_COLORS, STATUS_LABELS } from '../leads/statuses';
import { ChartCard } from './ChartCard';

export function StatusChart({ statuses }: { statuses: AdminDashboard['leads_by_status'] }) {
  const data = statuses.map((s) => ({ ...s, label: STATUS_LABELS[s.status] }));
  return (
    <ChartCard title="Leads by status">
      <div style={{ width: '100%', height: 240 }}>
        <ResponsiveContainer>
          <BarChart data={data} margin={{ top: 10, right: 10, left: -20, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} interval={0} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip formatter={(v) => [v, 'Leads']} />
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
