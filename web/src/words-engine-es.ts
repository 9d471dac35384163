/**
 * The engine's data in Spanish words (the shape of words-engine.ts, `EngineMessages`): hints, stop
 * reasons, a generation's reasons. The engine's own English detail after an error code is not
 * translated: only what can be said of it in Spanish is kept (a line or move number), so no sentence
 * is half English.
 */
import type { EngineMessages } from './words-engine.ts';

/** A clockwise turn of a piece (the word is feminine: "pieza"). */
const GIROS = ['sin girar', 'girada un cuarto de vuelta a la derecha', 'girada media vuelta', 'girada tres cuartos de vuelta a la derecha'];

export const engineEs: EngineMessages = {
  stops: {
    completed: 'terminada',
    deadline: 'límite de tiempo',
    'node-limit': 'límite de búsqueda',
    cancelled: 'cancelada',
    'memory-limit': 'límite de memoria',
    'attempts-exhausted': 'ningún candidato demostrado',
    'other-level': 'ninguno del nivel pedido',
  },
  unknownStop: () => 'por una razón del motor',
  detail: (engine) => {
    const move = /^move (\d+)\b/.exec(engine);
    if (move) return `jugada ${move[1]}`;
    const line = /^(?:[^:]*: )?line (\d+)\b/.exec(engine);
    if (line) return `línea ${line[1]}`;
    return null;
  },
  reason: (_engine, sentence) => sentence,
  askFailed: (op, why) => `${op === 'check' ? 'No se pudo comprobar' : 'No se pudo dar una pista'}: ${why}`,
  unworded: () => ({ technique: 'paso', text: 'mira lo que se resalta en el tablero.' }),
  ruleBreak: {
    block: (label, row, col) => `el bloque de 2×2 que empieza en la fila ${row}, columna ${col} es todo del camino ${label}`,
    touch: (label, a, b) => `el camino ${label} se toca a sí mismo en la fila ${a[0]}, columna ${a[1]} y la fila ${b[0]}, columna ${b[1]}`,
  },
  cell: (row, col) => `la fila ${row}, columna ${col}`,
  nonogram: {
    techniques: {
      mistake: 'error',
      completion: 'completar',
      overlap: 'solapamiento',
      unreachable: 'inalcanzable',
      'line logic': 'lógica de línea',
      contradiction: 'contradicción',
      'colour completion': 'completar en color',
      'colour overlap': 'solapamiento en color',
      'colour line logic': 'lógica de línea en color',
      'colour contradiction': 'contradicción de color',
    },
    line: (kind, n) => `${kind === 'row' ? 'fila' : 'columna'} ${n}`,
    clue: (numbers) => (numbers.length === 0 ? '0' : numbers.join(' ')),
    mistake: (line, clue) => `${line}, pista ${clue}: las marcas de esta línea no pueden estar todas bien.`,
    completion: (line, clue) => `${line}, pista ${clue}: solo una disposición encaja con las marcas; completa la línea.`,
    overlap: (line, clue, length, from, to) =>
      `${line}, pista ${clue}: el ${length} se solapa consigo mismo en ${from === to ? `la casilla ${from}` : `las casillas ${from}–${to}`}.`,
    unreachable: (line, clue, cells) =>
      `${line}, pista ${clue}: ningún bloque llega a ${cells.length === 1 ? `la casilla ${cells[0]}` : `las casillas ${cells.join(', ')}`}; ${cells.length === 1 ? 'táchala' : 'táchalas'}.`,
    lineLogic: (line, clue, filled, cell, more) =>
      `${line}, pista ${clue}: toda disposición que encaja con las marcas ${filled ? 'rellena' : 'deja vacía'} la casilla ${cell}${more > 0 ? ` (y ${more} más)` : ''}.`,
    contradiction: (cell, filled) =>
      `Si la casilla de ${cell} estuviera ${filled ? 'rellena' : 'vacía'}, la lógica de línea llegaría a una línea imposible; así que está ${filled ? 'vacía' : 'rellena'}.`,
    colourClue: (numbers, colours) => (numbers.length === 0 ? '0' : numbers.map((n, b) => `${n} ${colours[b] ?? ''}`.trim()).join(', ')),
    colourOverlap: (line, clue, length, colour, from, to) =>
      `${line}, pista ${clue}: el ${length} ${colour} se solapa consigo mismo en ${from === to ? `la casilla ${from}` : `las casillas ${from}–${to}`}.`,
    colourLineLogic: (line, clue, colour, cell, more) =>
      `${line}, pista ${clue}: toda disposición que encaja con las marcas ${colour === null ? 'deja vacía la casilla' : 'pinta la casilla'} ${cell}${colour === null ? '' : ` de ${colour}`}${more > 0 ? ` (y fija ${more} más)` : ''}.`,
    colourContradiction: (cell, colour) =>
      colour === null
        ? `Si la casilla de ${cell} tuviera cualquier color, la lógica de línea llegaría a una línea imposible; así que está vacía.`
        : `Si la casilla de ${cell} estuviera vacía o tuviera otro color, la lógica de línea llegaría a una línea imposible; así que es ${colour}.`,
  },
  numberlink: {
    techniques: {
      mistake: 'error',
      'only way on': 'una sola salida',
      'two ways in': 'dos entradas',
      'paths hug': 'caminos pegados',
      trial: 'prueba',
    },
    mistake: (a, b) => `El enlace entre ${a} y ${b} no forma parte de la solución.`,
    onlyWayOn: (label, from, into) => `El camino ${label} en ${from} solo puede seguir por un lado: hacia ${into}.`,
    twoWaysIn: (cell, x, y) => `A la casilla de ${cell} solo se llega desde dos lados (${x} y ${y}); su camino usa los dos.`,
    pathsHug: (a, b) =>
      `El enlace entre ${a} y ${b} es obligado: un camino solo puede doblar una esquina si dentro del giro hay otro camino o un extremo, a lo largo de toda la diagonal hasta un extremo, y aquí no cabe otra forma.`,
    trial: (ta, tb, on, a, b) =>
      `Supón que el enlace entre ${ta} y ${tb} ${on ? 'estuviera trazado' : 'no estuviera trazado'}: los caminos de alrededor llegan a una contradicción. Así que ${on ? 'no está trazado' : 'sí está trazado'}, y de ahí se sigue el enlace entre ${a} y ${b}.`,
  },
  edgematch: {
    techniques: {
      mistake: 'error',
      'only one fits': 'solo encaja una',
      'only one place': 'un solo sitio',
      'nothing fits beside': 'nada encaja al lado',
      trial: 'prueba',
      reveal: 'revelación',
    },
    turn: (r) => `(${GIROS[Math.min(Math.max(r, 0), 3)]})`,
    mistake: (piece, turn, cell) => `La pieza ${piece} ${turn} en ${cell} no forma parte de la solución.`,
    single: (form, piece, turn, cell, why) =>
      form === 'cell' ? `Solo la pieza ${piece} ${turn} encaja en ${cell}${why}.` : `La pieza ${piece} solo encaja en un sitio${why}: ${cell} ${turn}.`,
    besideWhy: ' una vez apartados los candidatos que no dejarían ninguna pieza que encaje a su lado',
    trialWhy: (piece, turn, cell, more) =>
      ` (supón que la pieza ${piece} ${turn} estuviera en ${cell}: las piezas de alrededor llegan a una contradicción, así que no va ahí${
        more > 0 ? `, y ${more} ${more === 1 ? 'prueba más' : 'pruebas más'} como esa` : ''
      })`,
    reveal: (piece, turn, cell) => `No se ve ninguna deducción corta; la solución tiene la pieza ${piece} ${turn} en ${cell}.`,
  },
};
