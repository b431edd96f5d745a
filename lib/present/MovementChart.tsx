import { LineChart } from './LineChart';
import { marketName, percent } from './format';
import { marketMovement, type MovementMarket } from './movement';

/**
 * One market's line movement (lib/present/movement.ts) as a chart: per outcome the reference book's price as its
 * implied probability (solid) and the consensus fair probability (dashed). The console's game page and the game
 * view both draw it; `width` is the width it is drawn for.
 */
export function MovementChart({
  market,
  referenceBook,
  timeZone,
  width,
}: {
  market: MovementMarket;
  referenceBook: string;
  timeZone: string;
  width: number;
}) {
  const movement = marketMovement(market, referenceBook, timeZone);
  if (!movement) return <p className="empty">{marketName(market.market)}: no recorded price changes yet.</p>;
  return (
    <LineChart
      id={`movement-${market.market}`}
      labels={movement.labels}
      lines={movement.lines}
      width={width}
      axis={(value, step) => percent(value, step < 0.01 ? 1 : 0)}
      title={movement.title}
      description={movement.description}
    />
  );
}
