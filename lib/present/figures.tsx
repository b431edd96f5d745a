import type { ReactNode } from 'react';
import { americanOdds } from './format';

// The figures every table and view writes the same way, for the console and the MCP Apps views alike: an exact
// number of an answer written for people, and an exchange's price as quoted beside the net price shown.

/** An exact figure of the answer, written for people: the number itself stays on the element. */
export function Figure({ value, text }: { value: number | null | undefined; text: string }) {
  return <span data-number={value ?? undefined}>{text}</span>;
}

/** Figure as a call, for cells and lists built in expressions. */
export const figure = (value: number | null | undefined, text: string) => <Figure value={value} text={text} />;

/** An exchange's price as quoted, under the net price shown; nothing for a sportsbook's. */
export function Quoted({ price }: { price: number | undefined }) {
  return price === undefined ? null : <small data-quoted={price}>quoted {americanOdds(price)}</small>;
}

/** A table's best-price cell: the price, its book and an exchange's quote before its fee. */
export const bestPriceCell = (best: { americanOdds?: number; book: string; beforeCommission?: number }): ReactNode => (
  <>
    {figure(best.americanOdds, americanOdds(best.americanOdds))}
    {` ${best.book}`}
    <Quoted price={best.beforeCommission} />
  </>
);
