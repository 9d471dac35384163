/**
 * The edge-matching family's solver entry: the find its family object runs, the exact-cover model on
 * core Algorithm C (xcc-model.ts). Its count (and the grader's and the hints' certifying counts) is the
 * backtracker's (backtrack.ts), which decides the 9x9 and 10x10 boards the player offers in
 * milliseconds where Algorithm C stops; Algorithm C counts in the cross-checks. No search of its own.
 */
export { countEdgematch, findEdgematch, type EdgematchCountOptions } from './xcc-model.ts';
