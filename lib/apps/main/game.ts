// The game view's document (ui://jev/game): scripts/build-views.mts bundles it into one HTML file.
import { gameView } from '../game';
import { runView } from '../run';

runView(gameView);
