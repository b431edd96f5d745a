// A line chart drawn as SVG, for the console (React) and the MCP Apps views (the same component on Preact):
// one point per recorded moment, lines that may skip moments, and the figures behind it twice more for whoever
// cannot see it: a caption that sums it up, and a table of every point behind a disclosure, so the keyboard
// reaches it. Each point keeps the answer's own number in data-value. No state and no effects: it draws its props.

export interface ChartLine {
  name: string;
  /** Colour from the palette (0 to 3, present.css); a price and its fair partner share one. */
  colour: number;
  dashed?: boolean;
  /** One value per label; null where the line has no point. */
  values: readonly (number | null)[];
  /** What each point reads as, in the tooltip and the table: the answer's own figures. */
  texts: readonly string[];
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 14, bottom: 30 };
/** About how many steps the y axis is cut into. */
const STEPS = 4;
/** Room for one character of an axis label, in pixels at the labels' size. */
const CHARACTER = 6.6;

const fixed = (value: number) => Math.round(value * 10) / 10;

/** A round step (1, 2 or 5 times a power of ten) that cuts `span` into about STEPS parts. */
function niceStep(span: number): number {
  const rough = span / STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((multiple) => multiple * power >= rough) ?? 10) * power;
}

const seriesClass = (line: ChartLine) => `c${line.colour}${line.dashed ? ' dashed' : ''}`;

export function LineChart({
  id,
  labels,
  lines,
  width,
  axis,
  title,
  description,
}: {
  id: string;
  /** The moments, in order, as the x axis names them. */
  labels: readonly string[];
  lines: readonly ChartLine[];
  /** The width the chart is drawn for, in CSS pixels; it shrinks with the page below that. */
  width: number;
  /** How the y axis writes a value, its ticks `step` apart. */
  axis: (value: number, step: number) => string;
  /** What the chart shows, in a few words and then in full (together its accessible name). */
  title: string;
  description: string;
}) {
  const chartWidth = Math.max(260, Math.min(Math.round(width), 960));
  const values = lines.flatMap((line) => line.values.filter((value): value is number => value !== null));
  const [least, most] = [Math.min(...values), Math.max(...values)];
  const step = niceStep(most > least ? most - least : Math.abs(most) * 0.1 || 0.01);
  const low = Math.floor(least / step) * step;
  const high = Math.max(Math.ceil(most / step) * step, low + step);
  const ticks = Array.from({ length: Math.round((high - low) / step) + 1 }, (_, tick) => ({
    value: low + tick * step,
    text: axis(low + tick * step, step),
  }));
  const left = Math.ceil(10 + CHARACTER * Math.max(...ticks.map((tick) => tick.text.length)));
  const plot = { width: chartWidth - left - MARGIN.right, height: HEIGHT - MARGIN.top - MARGIN.bottom };
  const x = (index: number) => fixed(left + (labels.length === 1 ? plot.width / 2 : (index * plot.width) / (labels.length - 1)));
  const y = (value: number) => fixed(MARGIN.top + ((high - value) * plot.height) / (high - low));
  const shownLabels =
    labels.length === 1 ? [0] : chartWidth >= 520 ? [0, Math.floor((labels.length - 1) / 2), labels.length - 1] : [0, labels.length - 1];
  const anchor = (index: number) =>
    labels.length === 1 ? 'middle' : index === 0 ? 'start' : index === labels.length - 1 ? 'end' : 'middle';
  /** The line's path: a move to each point that follows a gap, a line to every other. */
  const pathOf = (line: ChartLine) =>
    line.values
      .map((value, index) => (value === null ? '' : `${index > 0 && line.values[index - 1] !== null ? 'L' : 'M'}${x(index)} ${y(value)}`))
      .join('');
  const caption = `${title}. ${description}`;

  return (
    <figure className="chart" data-chart={id}>
      <svg viewBox={`0 0 ${chartWidth} ${HEIGHT}`} width={chartWidth} height={HEIGHT} role="img" aria-label={caption}>
        {ticks.map((tick) => (
          <g className="tick" key={tick.value}>
            <line x1={left} x2={chartWidth - MARGIN.right} y1={y(tick.value)} y2={y(tick.value)} />
            <text x={left - 6} y={y(tick.value) + 4} textAnchor="end">
              {tick.text}
            </text>
          </g>
        ))}
        {[...new Set(shownLabels)].map((index) => (
          <text className="x-label" key={index} x={x(index)} y={HEIGHT - 8} textAnchor={anchor(index)}>
            {labels[index]}
          </text>
        ))}
        {lines.map((line) => (
          <g className={`series ${seriesClass(line)}`} key={line.name}>
            <path d={pathOf(line)} />
            {line.values.map((value, index) =>
              value === null ? null : (
                <circle key={index} cx={x(index)} cy={y(value)} r={3} data-line={line.name} data-index={index} data-value={value}>
                  <title>{`${line.name}, ${labels[index]}: ${line.texts[index]}`}</title>
                </circle>
              ),
            )}
          </g>
        ))}
      </svg>
      <ul className="legend" aria-label="Lines">
        {lines.map((line) => (
          <li key={line.name}>
            <span className={`swatch ${seriesClass(line)}`} aria-hidden="true" />
            {line.name}
          </li>
        ))}
      </ul>
      <figcaption>
        <strong>{title}.</strong> {description}
      </figcaption>
      <details>
        <summary>Every point</summary>
        <div className="table-wrap" role="region" aria-label={`${caption} Every point.`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                {lines.map((line) => (
                  <th scope="col" key={line.name}>
                    {line.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, index) => (
                <tr key={index}>
                  <th scope="row">{label}</th>
                  {lines.map((line) => (
                    <td key={line.name}>{line.values[index] === null ? '–' : line.texts[index]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
