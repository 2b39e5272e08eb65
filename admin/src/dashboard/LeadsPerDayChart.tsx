import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslate } from 'react-admin';
import type { AdminDashboard } from '@shared/api/admin-dashboard';
import { useFormat } from '../i18n/format';
import { ChartCard } from '../common/ChartCard';

export function LeadsPerDayChart({ days }: { days: AdminDashboard['leads_per_day'] }) {
  const translate = useTranslate();
  const short = useFormat().shortDay;
  return (
    <ChartCard title="app.dashboard.per_day">
      <div style={{ width: '100%', height: 260 }}>
        <ResponsiveContainer>
          <AreaChart data={days} margin={{ top: 10, right: 10, left: -20, bottom: 0 }}>
            <defs>
              <linearGradient id="leadsFill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor="#1976d2" stopOpacity={0.5} />
                <stop offset="95%" stopColor="#1976d2" stopOpacity={0} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={short} minTickGap={20} fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} />
            <Tooltip
              labelFormatter={(d) => short(String(d))}
              formatter={(v) => [v, translate('app.dashboard.series')]}
            />
            <Area
              animationDuration={500}
              type="monotone"
              dataKey="count"
              stroke="#1976d2"
              fill="url(#leadsFill)"
              strokeWidth={2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
