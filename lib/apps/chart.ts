import { h, type Node } from './dom';

// A line chart drawn as SVG for the views: one point per recorded moment, lines that may skip moments, and the
// figures behind it twice more for whoever cannot see it: a caption that sums it up, and a table of every point
// (behind a disclosure, so the keyboard reaches it). Each point keeps the answer's own number in data-value.

export interface ChartLine {
  name: string;
  /** Colour from the views' palette (0 to 3); a price and its fair partner share one. */
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

export function lineChart({
  id,
  labels,
  lines,
  width,
  axis,
  caption,
}: {
  id: string;
  /** The moments, in order, as the x axis names them. */
  labels: readonly string[];
  lines: readonly ChartLine[];
  /** The width the chart has on the page, in CSS pixels. */
  width: number;
  /** How the y axis writes a value, its ticks `step` apart. */
  axis: (value: number, step: number) => string;
  /** What the chart shows, in words (also its accessible name). */
  caption: string;
}): Node {
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

  const grid = ticks.map((tick) =>
    h(
      'g',
      { class: 'tick' },
      h('line', { x1: left, x2: chartWidth - MARGIN.right, y1: y(tick.value), y2: y(tick.value) }),
      h('text', { x: left - 6, y: y(tick.value) + 4, 'text-anchor': 'end' }, tick.text),
    ),
  );
  const shownLabels =
    labels.length === 1 ? [0] : chartWidth >= 520 ? [0, Math.floor((labels.length - 1) / 2), labels.length - 1] : [0, labels.length - 1];
  const xLabels = [...new Set(shownLabels)].map((index) =>
    h(
      'text',
      {
        class: 'x-label',
        x: x(index),
        y: HEIGHT - 8,
        'text-anchor': labels.length === 1 ? 'middle' : index === 0 ? 'start' : index === labels.length - 1 ? 'end' : 'middle',
      },
      labels[index],
    ),
  );
  const drawn = lines.map((line) => {
    let path = '';
    let drawing = false;
    line.values.forEach((value, index) => {
      if (value === null) return void (drawing = false);
      path += `${drawing ? 'L' : 'M'}${x(index)} ${y(value)}`;
      drawing = true;
    });
    const points = line.values.map((value, index) =>
      value === null
        ? null
        : h(
            'circle',
            { cx: x(index), cy: y(value), r: 3, 'data-line': line.name, 'data-index': index, 'data-value': value },
            h('title', null, `${line.name}, ${labels[index]}: ${line.texts[index]}`),
          ),
    );
    return h('g', { class: `series c${line.colour}${line.dashed ? ' dashed' : ''}` }, h('path', { d: path }), ...points);
  });

  return h(
    'figure',
    { class: 'chart', 'data-chart': id },
    h(
      'svg',
      { viewBox: `0 0 ${chartWidth} ${HEIGHT}`, width: chartWidth, height: HEIGHT, role: 'img', 'aria-label': caption },
      ...grid,
      ...xLabels,
      ...drawn,
    ),
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Lines' },
      ...lines.map((line) =>
        h('li', null, h('span', { class: `swatch c${line.colour}${line.dashed ? ' dashed' : ''}`, 'aria-hidden': 'true' }), line.name),
      ),
    ),
    h('figcaption', null, caption),
    h(
      'details',
      null,
      h('summary', null, 'Every point'),
      h(
        'div',
        { class: 'table-wrap', role: 'region', 'aria-label': `${caption} Every point.`, tabindex: 0 },
        h(
          'table',
          null,
          h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'When'), ...lines.map((line) => h('th', { scope: 'col' }, line.name)))),
          h(
            'tbody',
            null,
            ...labels.map((label, index) =>
              h(
                'tr',
                null,
                h('th', { scope: 'row' }, label),
                ...lines.map((line) => h('td', null, line.values[index] === null ? '–' : line.texts[index]!)),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}
