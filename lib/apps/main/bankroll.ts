// The bankroll view's document (ui://jev/bankroll): scripts/build-views.mts bundles it into one HTML file.
import { bankroll } from '../bankroll';
import { runView } from '../run';

runView(bankroll);
