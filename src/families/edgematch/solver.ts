/**
 * The edge-matching family's solver entry: the count and find its family object runs. Both are the
 * exact-cover model on core Algorithm C (xcc-model.ts); the backtracker (backtrack.ts) is the
 * independent cross-check. This module holds no search of its own.
 */
export { countEdgematch, findEdgematch, type EdgematchCountOptions } from './xcc-model.ts';
