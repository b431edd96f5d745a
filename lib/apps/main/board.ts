// The value board's document (ui://jev/board): scripts/build-views.mts bundles it into one HTML file.
import { board } from '../board';
import { runView } from '../run';

runView(board);
