'use client';

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money, percent } from '@/lib/console/odds-format';

// A line chart over time for the console (Recharts). It is for the eye only: the server component around it
// gives the same points as a caption and a table, so the drawing is hidden from screen readers.

export interface ChartLine {
  key: string;
  name: string;
  /** Lines sharing a colour (an outcome's price and its fair probability) differ by dashing. */
  colour: number;
  dashed?: boolean;
}

export type ChartRow = { label: string } & Record<string, number | string | null>;

const COLOURS = ['#0b5cad', '#a61b1b', '#1d6b36', '#6b3fa0'];

export function TimeLineChart({ rows, lines, unit }: { rows: ChartRow[]; lines: ChartLine[]; unit: 'probability' | { currency: string } }) {
  const format = unit === 'probability' ? (value: number) => percent(value) : (value: number) => money(value, unit.currency, 0);
  return (
    <div className="chart-box" aria-hidden="true" data-chart-points={rows.length}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d5d9de" />
          <XAxis dataKey="label" minTickGap={24} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={format} width={64} domain={['auto', 'auto']} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Legend />
          {lines.map((line) => (
            <Line
              key={line.key}
              type="stepAfter"
              dataKey={line.key}
              name={line.name}
              stroke={COLOURS[line.colour % COLOURS.length]}
              strokeDasharray={line.dashed ? '5 4' : undefined}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
