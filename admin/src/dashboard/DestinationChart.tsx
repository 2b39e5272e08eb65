import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { ChartCard } from '../common/ChartCard';

export function DestinationChart({ dashboard }: { dashboard: AdminDashboard }) {
  const translate = useTranslate();
  const data = [
    ...dashboard.leads_by_destination,
    ...(dashboard.other_destinations
      ? [{ id: 0, name: translate('app.dashboard.other'), count: dashboard.other_destinations }]
      : []),
  ];
  return (
    <ChartCard title="app.dashboard.by_destination">
      <div style={{ width: '100%', height: Math.max(120, data.length * 34 + 30) }}>
        <ResponsiveContainer>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 10, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="name" width={110} fontSize={12} />
            <Tooltip formatter={(v) => [v, translate('app.dashboard.series')]} />
            <Bar dataKey="count" fill="#26a69a" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
