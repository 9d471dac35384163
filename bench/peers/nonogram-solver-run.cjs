// Runs the npm package nonogram-solver (a peer, for side-by-side benchmarks) on one puzzle given as
// JSON {rows, columns} on stdin; prints {status, ms} where status is 1 solved, 0 gave up, -1 unsolvable.
const Puzzle = require('nonogram-solver/src/Puzzle');
const Strategy = require('nonogram-solver/src/Strategy');
const allSolvers = require('nonogram-solver/src/allSolvers');
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const t = performance.now();
  const puzzle = new Puzzle(input);
  new Strategy(allSolvers).solve(puzzle);
  const status = puzzle.isFinished ? (puzzle.isSolved ? 1 : -1) : 0;
  process.stdout.write(JSON.stringify({ status, ms: performance.now() - t }));
});
