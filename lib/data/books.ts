import { closestNames } from './closest-names';

// The sportsbooks JEV knows, by The Odds API v4 bookmaker key (the key prices are stored under), with the names
// people call them by. One parser reads a book wherever one is typed: the tools' `book` arguments, the Bankroll
// page's reference book and `jev bankroll set`. "DraftKings", "DK" and " draftkings " are all draftkings; a name
// no book answers to is refused with the closest keys, never stored as typed (a stored "DraftKings" would match
// no price, and every fair probability and closing-line value of its bets would be null).

interface Bookmaker {
  key: string;
  name: string;
  /** Other names and common shorthands, compared without case, spaces or punctuation. */
  aliases?: readonly string[];
}

/**
 * The Odds API's bookmakers (regions us, us2, us_ex, uk, eu, au), as its bookmaker list named them in 2026
 * (https://the-odds-api.com/sports-odds-data/bookmaker-apis.html). The exchanges and prediction markets' fees are
 * in lib/betting/commission.ts.
 */
export const BOOKMAKERS: readonly Bookmaker[] = [
  // us, us2
  { key: 'draftkings', name: 'DraftKings', aliases: ['dk'] },
  { key: 'fanduel', name: 'FanDuel', aliases: ['fd'] },
  { key: 'betmgm', name: 'BetMGM', aliases: ['mgm'] },
  { key: 'williamhill_us', name: 'Caesars', aliases: ['caesars sportsbook', 'czr', 'william hill us'] },
  { key: 'espnbet', name: 'ESPN BET', aliases: ['espn'] },
  { key: 'fanatics', name: 'Fanatics' },
  { key: 'betrivers', name: 'BetRivers', aliases: ['rivers'] },
  { key: 'bovada', name: 'Bovada' },
  { key: 'betonlineag', name: 'BetOnline.ag', aliases: ['betonline', 'bol'] },
  { key: 'lowvig', name: 'LowVig.ag', aliases: ['lowvig ag'] },
  { key: 'mybookieag', name: 'MyBookie.ag', aliases: ['mybookie'] },
  { key: 'betus', name: 'BetUS' },
  { key: 'ballybet', name: 'Bally Bet', aliases: ['bally'] },
  { key: 'betanysports', name: 'BetAnySports' },
  { key: 'betparx', name: 'betPARX', aliases: ['parx'] },
  { key: 'fliff', name: 'Fliff' },
  { key: 'hardrockbet', name: 'Hard Rock Bet', aliases: ['hard rock', 'hardrock'] },
  { key: 'windcreek', name: 'Wind Creek (Betfred PA)', aliases: ['betfred pa'] },
  { key: 'rebet', name: 'ReBet' },
  // us_ex: exchanges and prediction markets
  { key: 'betopenly', name: 'BetOpenly' },
  { key: 'novig', name: 'Novig' },
  { key: 'prophetx', name: 'ProphetX' },
  { key: 'kalshi', name: 'Kalshi' },
  { key: 'polymarket', name: 'Polymarket' },
  // uk, eu
  { key: 'pinnacle', name: 'Pinnacle', aliases: ['pinny'] },
  { key: 'betfair_ex_uk', name: 'Betfair Exchange (UK)' },
  { key: 'betfair_ex_eu', name: 'Betfair Exchange (EU)' },
  { key: 'betfair_sb_uk', name: 'Betfair Sportsbook', aliases: ['betfair'] },
  { key: 'sport888', name: '888sport', aliases: ['888'] },
  { key: 'betvictor', name: 'Bet Victor' },
  { key: 'betway', name: 'Betway' },
  { key: 'boylesports', name: 'BoyleSports' },
  { key: 'casumo', name: 'Casumo' },
  { key: 'coral', name: 'Coral' },
  { key: 'grosvenor', name: 'Grosvenor' },
  { key: 'ladbrokes_uk', name: 'Ladbrokes', aliases: ['ladbrokes'] },
  { key: 'leovegas', name: 'LeoVegas' },
  { key: 'livescorebet', name: 'LiveScore Bet' },
  { key: 'matchbook', name: 'Matchbook' },
  { key: 'paddypower', name: 'Paddy Power' },
  { key: 'skybet', name: 'Sky Bet' },
  { key: 'smarkets', name: 'Smarkets' },
  { key: 'unibet_uk', name: 'Unibet (UK)' },
  { key: 'unibet_eu', name: 'Unibet (EU)' },
  { key: 'virginbet', name: 'Virgin Bet' },
  { key: 'williamhill', name: 'William Hill' },
  { key: 'onexbet', name: '1xBet', aliases: ['1xbet'] },
  { key: 'betclic', name: 'Betclic' },
  { key: 'betsson', name: 'Betsson' },
  { key: 'coolbet', name: 'Coolbet' },
  { key: 'everygame', name: 'Everygame' },
  { key: 'gtbets', name: 'GTbets' },
  { key: 'marathonbet', name: 'Marathon Bet' },
  { key: 'nordicbet', name: 'NordicBet' },
  { key: 'suprabets', name: 'Suprabets' },
  { key: 'tipico_de', name: 'Tipico', aliases: ['tipico'] },
  { key: 'winamax_de', name: 'Winamax (DE)' },
  { key: 'winamax_fr', name: 'Winamax (FR)' },
  // au
  { key: 'betfair_ex_au', name: 'Betfair Exchange (AU)' },
  { key: 'betr_au', name: 'Betr' },
  { key: 'betright', name: 'Bet Right' },
  { key: 'bet365_au', name: 'bet365 (AU)' },
  { key: 'boombet', name: 'BoomBet' },
  { key: 'dabble_au', name: 'Dabble' },
  { key: 'ladbrokes_au', name: 'Ladbrokes (AU)' },
  { key: 'neds', name: 'Neds' },
  { key: 'playup', name: 'PlayUp' },
  { key: 'pointsbetau', name: 'PointsBet (AU)', aliases: ['pointsbet'] },
  { key: 'sportsbet', name: 'SportsBet' },
  { key: 'tab', name: 'TAB' },
  { key: 'tabtouch', name: 'TABtouch' },
  { key: 'unibet', name: 'Unibet' },
];

/** A name with case, spaces and punctuation left out: "ESPN BET", "espn-bet" and "espnbet" read alike. */
const squeeze = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_SPELLING = new Map<string, string>();
for (const book of BOOKMAKERS) {
  for (const spelling of [book.key, book.name, ...(book.aliases ?? [])]) BY_SPELLING.set(squeeze(spelling), book.key);
}

/** The books whose key does not read as their name ("williamhill_us is Caesars"), for the notes. */
export const KEYS_NAMED_OTHERWISE: string = BOOKMAKERS.filter((book) => squeeze(book.key) !== squeeze(book.name))
  .map((book) => `\`${book.key}\` is ${book.name}`)
  .join(', ');

/** The bookmaker key a typed name means, or undefined when no book answers to it. */
export function bookKeyNamed(typed: string): string | undefined {
  return BY_SPELLING.get(squeeze(typed));
}

/** The message for a name no book answers to: what was typed and the closest keys. */
export function unknownBookMessage(typed: string): string {
  const closest = closestNames(
    typed,
    BOOKMAKERS.map((book) => ({ name: book.key, spellings: [book.name, ...(book.aliases ?? [])] })),
  );
  return `is no sportsbook JEV knows ("${typed.trim().slice(0, 50)}"); use a bookmaker key such as ${closest.join(', ')}`;
}

/** A key with its region left out: williamhill_us and williamhill, ladbrokes_uk and ladbrokes_au read alike. */
export const regionless = (key: string) => key.replace(/_(us|uk|eu|au|de|fr|ex_uk|ex_eu|ex_au|sb_uk)$/, '');
/** A key as a message names it: with its book's name when the key does not read as that name. */
export const bookLabel = (key: string) => {
  const name = BOOKMAKERS.find((book) => book.key === key)?.name;
  return name === undefined || name.toLowerCase() === key ? key : `${key} (${name})`;
};
