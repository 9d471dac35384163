/**
 * The player's words in Spanish: the same shape as the English ones in words.ts (`Messages`), so a
 * string missing here does not compile. Levels are translated for display only (fácil, medio, difícil,
 * experto); the engine's level names and ids stay as they are.
 */
import { engineEs } from './words-engine-es.ts';
import type { Messages } from './words.ts';

/** "1 paso", "3 pasos": `one` and `many` are the word's singular and plural. */
const veces = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
/** The parts a deduction grader counts, with their article. */
const PARTS = { links: 'los enlaces', pieces: 'las piezas' } as const;

export const es: Messages = {
  name: 'Español',
  switchLabel: 'Idioma',
  errors: {
    ERR_EMPTY: 'No hay nada que leer: está vacío',
    ERR_SYNTAX: 'No está escrito como su formato exige',
    ERR_NUMBER: 'Contiene un número no válido',
    ERR_SIZE: 'Su tamaño de tablero no es posible para este puzle',
    ERR_CLUE: 'Contiene una pista no válida',
    ERR_LINE_COUNT: 'Tiene un número de líneas equivocado',
    ERR_MISSING: 'Falta una parte del puzle',
    ERR_FORMAT: 'No está en un formato que este reproductor sepa leer',
    ERR_FAMILY: 'Nombra un tipo de puzle que este reproductor no conoce',
    ERR_VERSION: 'Lo hizo una versión que este reproductor no tiene',
    ERR_SOLUTION: 'La solución que trae no es válida',
    ERR_MOVE: 'Esa jugada no es posible',
    ERR_UNDECIDED: 'No se pudo decidir en el tiempo permitido',
    ERR_INTERNAL: 'El motor sufrió un fallo propio (un error que conviene comunicar)',
    ERR_REQUEST: 'El motor recibió una petición que no pudo leer',
    ERR_WORKER: 'El motor se detuvo de forma inesperada',
    ERR_CANCELLED: 'Se canceló',
  },
  levels: { easy: 'fácil', medium: 'medio', hard: 'difícil', expert: 'experto' },
  deduction: (what, basic, trials, solved) => {
    if (!solved) return `las reglas básicas resuelven el ${basic} % de ${PARTS[what]}; la deducción sola no lo termina`;
    if (trials === 0) return 'resuelto solo con las reglas básicas, sin tanteos';
    return `las reglas básicas resuelven el ${basic} % de ${PARTS[what]}; el resto necesita ${veces(trials, 'tanteo', 'tanteos')} (suponer y ver que falla)`;
  },
  nonogram: {
    simple: 'resuelto solo con las reglas sencillas de línea',
    complex: (n) => `resuelto línea a línea; ${veces(n, 'paso necesita', 'pasos necesitan')} mirar una línea entera con más cuidado`,
    lineByLine: 'resuelto línea a línea, sin adivinar',
    contradictions: (n) =>
      `línea a línea, y además ${n === undefined ? 'algunas celdas' : veces(n, 'celda', 'celdas')} que se deciden probando una celda y hallando una contradicción`,
    stalls: 'la lógica de líneas se atasca: hace falta ensayo y error para terminarlo',
  },
  grade: (level, why, score) => {
    const shown = `${level} (medido${why ? `: ${why}` : ''})`;
    return {
      text: `Nivel: ${shown}`,
      level: shown,
      title: `Dificultad medida: ${score} de 100 (fácil por debajo de 25, medio por debajo de 45, difícil por debajo de 70, experto desde 70)`,
    };
  },
  ungraded: 'sin medir',
  puzzle: (label, size, provenance, source) => {
    const from =
      provenance === 'imported' ? (source ? `importado de ${source}` : 'importado') : provenance === 'opened' ? 'abierto desde un enlace' : 'generado';
    return `${label} ${size}, ${from}`;
  },
  turns: ['sin girar', 'girada una vez a la derecha', 'girada dos veces', 'girada una vez a la izquierda'],
  engine: engineEs,
  verdict: {
    pending: 'comprobándose: su veredicto llegará enseguida',
    unique: 'exactamente una solución (demostrado)',
    multiple: 'más de una solución: gana cualquier respuesta que cumpla las reglas',
    none: 'sin solución: este puzle no se puede resolver',
    inconclusive: (stop) => `no se decidió en el tiempo permitido${stop ? ` (${stop})` : ''}: puede tener varias soluciones`,
  },
  shortVerdict: {
    pending: 'comprobándose',
    'too-large': 'demasiado grande para mostrarlo',
    unique: 'una solución',
    multiple: 'varias soluciones',
    none: 'sin solución',
    inconclusive: 'sin decidir a tiempo',
  },
  ruleNames: {
    strict: 'estándar',
    'no-2x2': 'sin 2×2 de un mismo camino',
    'no-touch': 'los caminos nunca se tocan a sí mismos',
  },
  ruleAdds: {
    strict: 'Un camino puede pasar junto a sí mismo.',
    'no-2x2': 'Ningún bloque de 2×2 casillas puede pertenecer a un solo camino.',
    'no-touch': 'Dos casillas de un mismo camino solo pueden estar juntas donde el camino va de una a otra.',
  },
  rulePick: {
    label: 'Reglas',
    title: 'Las reglas con las que se juega este puzle importado; cambiarlas conserva tus caminos',
    checking: (rule) => `Comprobando el puzle con las reglas «${rule}»…`,
    changed: (rule, verdict) => `Ahora se juega con las reglas «${rule}»: ${verdict}.`,
  },
  ruleChoice: {
    unique: (rule, before) => `Se juega con las reglas «${rule}», las primeras con las que tiene exactamente una solución (${before}).`,
    none: (all, open) =>
      `Ninguna de las reglas probadas le da exactamente una solución demostrada (${all})${open ? '; una búsqueda se quedó sin tiempo, así que alguna aún podría dársela' : ''}. Comprobar está desactivado; gana cualquier respuesta que cumpla las reglas.`,
  },
  collection: {
    bar: 'Archivo importado',
    reading: (name) => `Leyendo ${name}…`,
    progress: (name, done, total) => `${name}: ${done} de ${total} puzles comprobados`,
    progressLabel: 'Puzles comprobados',
    finished: (name, counts, total) => {
      const parts = [
        counts.unique ? `${counts.unique} con exactamente una solución` : '',
        counts.multiple ? `${counts.multiple} con varias` : '',
        counts.none ? `${counts.none} sin ninguna` : '',
        counts.inconclusive ? `${counts.inconclusive} sin decidir a tiempo` : '',
        counts['too-large'] ? `${counts['too-large']} demasiado grandes para mostrarlos` : '',
      ].filter((p) => p !== '');
      return `${name}: comprobados los ${total} puzles${parts.length > 0 ? ` (${parts.join(', ')})` : ''}.`;
    },
    stopped: (name, done, total) =>
      `${name}: comprobación detenida, ${done} de ${total} puzles comprobados. Los demás se pueden jugar igualmente; cada uno se comprueba al jugarlo.`,
    failed: (name, why) => `${name}: comprobación detenida (${why}).`,
    list: (name, total) => `Puzles de ${name} (${total})`,
    row: (k, size, verdict, rule) => `${k + 1}. ${size} · ${verdict}${rule ? ` · reglas: ${rule}` : ''}`,
    notReached: 'sin comprobar: juégalo para comprobarlo',
    play: 'Jugar',
    playLabel: (k, name) => `Jugar el puzle ${k + 1} de ${name}`,
    playing: 'en juego',
    stop: 'Dejar de comprobar',
    close: 'Cerrar',
    closeLabel: (name) => `Cerrar la lista de ${name}`,
    holds: (name, total) => `${name} contiene ${total} puzles; se juega el primero.`,
    empty: (name) => `${name} no contiene ningún puzle.`,
    unreadable: (name, why) => `No se pudo leer ${name}: ${why}`,
    noneFits: (name, first, count) =>
      `No se puede mostrar ${name}: ${first}${count === 1 ? '' : ` (sus ${count} puzles son demasiado grandes; se nombra el primero)`}.`,
    someRefused: (name, total, first, count, fits) =>
      `De los ${total} puzles de ${name}, ${count === 1 ? '1 no se muestra' : `${count} no se muestran`}: ${first}${count > 1 ? ' (se nombra el primero)' : ''}. Se juega ${
        fits === 1 ? 'el otro' : `el primero de los otros ${fits}`
      }.`,
    playingK: (k, name) => `Puzle ${k + 1} de ${name}.`,
    countedK: (k, verdict, rules) => `Puzle ${k + 1}: ${verdict}.${rules ? ` ${rules}` : ''}`,
  },
  missingLevels: (missing, size, tries, nearest, offered) =>
    `No hay puzles de nivel ${missing.join(' ni ')} en ${size}: cuando se midió el generador${nearest ? ` (medido en el tamaño más cercano, ${nearest})` : ''}, ${tries
      .map((t) => `${t.made} de ${t.of} intentos salieron de nivel ${t.level}`)
      .join(', ')} a tiempo. ` +
    (offered.length > 0 ? `Niveles en este tamaño: ${offered.join(', ')}.` : 'En este tamaño no se consigue ningún nivel de forma fiable.'),
  otherLevel: (asked, got, size) => ({
    title: `${cap(`salió un puzle de nivel ${got}`)}`,
    message:
      `Esta vez no salió ningún puzle ${size} de nivel ${asked}: el generador siguió buscando uno que fuera exactamente ${asked}, ` +
      `y el más cercano que demostró tener una única solución resultó de nivel ${got}. Quédate con ese puzle de nivel ${got}, o vuelve a intentarlo para uno de nivel ${asked}.`,
  }),
  keepIt: 'Quedármelo',
  noPuzzle: 'Ningún puzle certificado',
  tryAgain: 'Reintentar',
  layout: {
    menu: 'Menú',
    menuLabel: 'Menú: puzle nuevo, tamaño, nivel e importar',
    view: 'Vista del tablero',
    pan: 'Mover',
    panTitle:
      'Modo mover: arrastra para desplazar el tablero y pellizca con dos dedos para ampliar. Desactivado: arrastrar dibuja (con dos dedos se sigue desplazando y ampliando).',
    zoomIn: 'Ampliar',
    zoomInSign: '+',
    zoomOut: 'Reducir',
    zoomOutSign: '−',
    zoomed: (percent) => `Zoom ${percent} %.`,
    help: 'Tableros grandes: + y − amplían y reducen (o pellizca con dos dedos); con dos dedos, o con uno en el modo Mover, desplazas el tablero sin jugar. En el móvil, el Menú guarda la elección de puzle, tamaño y nivel.',
  },
  daily: {
    button: 'Puzle del día',
    title: (label) => `${label} de hoy: el mismo puzle para todos, uno nuevo cada día (UTC)`,
    opening: (label, day) => `Abriendo el ${label} del día ${day}…`,
    opened: (label, day) => `El ${label} del día ${day}: hoy, el mismo puzle para todos los jugadores.`,
    heading: (day) => `Puzle del día ${day}`,
    copy: 'Copiar el resultado',
    copied: 'Resultado copiado: pégalo donde quieras, no desvela nada.',
    noCopy: 'Aquí no se pudo copiar el resultado; selecciona el texto y cópialo.',
    share: (r) =>
      `proofgrid, puzle del día ${r.day}\n${r.puzzle}: resuelto en ${r.time}, ${r.hints === 0 ? 'sin pistas' : veces(r.hints, 'pista', 'pistas')}, ${r.checks === 0 ? 'sin comprobaciones' : veces(r.checks, 'comprobación', 'comprobaciones')}\n${r.link}`,
  },
  app: {
    title: 'proofgrid — puzles certificados',
    tagline: 'puzles con una única solución, demostrada',
    theme: 'Cambiar entre tema claro y oscuro',
    newPuzzle: 'Puzle nuevo',
    puzzle: 'Puzle',
    width: 'Ancho',
    height: 'Alto',
    level: 'Nivel',
    newGame: 'Nueva partida',
    import: 'Importar…',
    game: 'Partida',
    undo: 'Deshacer',
    redo: 'Rehacer',
    restart: 'Reiniciar',
    check: 'Comprobar',
    showWrong: 'mostrar celdas erróneas',
    hint: 'Pista',
    crossMode: 'modo ✕',
    crossModeTitle: 'Al tocar se tachan las celdas en lugar de rellenarlas',
    share: 'Compartir',
    info: 'Puzle',
    time: 'Tiempo',
    howToPlay: 'Cómo se juega',
    howToPlayFamily: (label) => `Cómo se juega: ${label}`,
    link: 'Enlace',
    code: 'Código',
    copyLink: 'Copiar el enlace',
    close: 'Cerrar',
    recent: 'Partidas recientes',
    recentCount: (n) => `Partidas recientes (${n})`,
    recentNote: (n) =>
      `Partidas sin terminar que otra partida vino a sustituir, de la más nueva a la más antigua (se guardan las ${n} últimas). Reanudar recupera una tal como la dejaste.`,
    finished: 'Partidas terminadas',
    finishedCount: (n) => `Partidas terminadas (${n})`,
    historyHead: ['Terminada', 'Puzle', 'Tamaño', 'Nivel', 'Tiempo', 'Comprobaciones', 'Pistas'],
    generating: 'Generando…',
    cancel: 'Cancelar',
    tryAnotherSeed: 'Probar otra semilla',
    solved: '¡Resuelto!',
    solvedSay: (win) => `¡Resuelto! ${win}`,
    keepLooking: 'Seguir mirando',
    wonRows: {
      time: 'Tiempo',
      size: 'Tamaño',
      level: 'Nivel',
      checks: 'Comprobaciones',
      hints: 'Pistas usadas',
      checksValue: (checks, mistakes) => `${checks} (${veces(mistakes, 'error encontrado', 'errores encontrados')})`,
    },
    linkProblem: 'Este enlace no abre ningún puzle',
    linkUnopened: 'No se pudo abrir el enlace.',
    linkNote: 'No se ha puesto otro puzle en su lugar. Pide un enlace nuevo a quien te lo envió, o elige:',
    resumeSaved: 'Reanudar la partida guardada',
    playExample: 'Jugar el puzle de ejemplo',
    noView: (family) => `este reproductor no sabe mostrar la familia «${family}»`,
    tooLarge: (size, label, max) => `este tablero de ${size} es más grande de lo que este reproductor puede dibujar: tableros de ${label} hasta ${max}`,
    notReplayed: (why, marksKept) =>
      `no se pudo reproducir la lista de jugadas guardada (${why}); ${marksKept ? 'se recuperaron tus marcas, sin historial para deshacer' : 'la partida empieza de cero'}`,
    savedUnusable: (shown, why) => `No se pudo ${shown ? 'mostrar' : 'leer'} tu partida guardada (${why}); aquí tienes una nueva.`,
    openingShared: 'Abriendo el puzle compartido…',
    starting: 'Empezando…',
    refused: 'El motor lo rechazó',
    candidate: (n, max, seconds) => `Candidato ${n} de ${max} como máximo · ${seconds} s`,
    onlyFirstFile: (name) => `Solo se leyó ${name}; importa los demás archivos de uno en uno.`,
    welcomeBack: 'Bienvenido de nuevo: tu partida está tal como la dejaste.',
    keptInRecent: 'Tu partida sin terminar queda guardada en Partidas recientes.',
    levelLine: (level) => `Nivel: ${level}`,
    noHint: {
      solved: 'No queda nada que deducir: el puzle está resuelto.',
      'no-step': 'De las marcas no se sigue ningún paso; prueba a comprobar si hay errores.',
      'no-solution': 'Las pistas necesitan un puzle con una única solución con la que comparar; este no tiene solución.',
      'several-solutions': 'Las pistas necesitan un puzle con una única solución con la que comparar; este tiene varias.',
    },
    checkNone:
      'Comprobar necesita un puzle con una única solución demostrada; este no tiene ninguna con la que comparar. Gana igualmente cualquier respuesta que cumpla las reglas.',
    noMistakes: 'De momento no hay errores.',
    mismatch: 'Algo no cuadra.',
    lookingForHint: 'Buscando una pista…',
    linkCopied: 'Enlace copiado.',
    copyRefused: 'El navegador no ha permitido copiar; el enlace está seleccionado, cópialo a mano.',
    timer: (t) => `tiempo ${t}`,
    // The browser's own reason (e) is in English: not said here.
    storageUnavailable: () => 'el almacenamiento del navegador no está disponible',
    badLink: (_message, code) =>
      `Este enlace no nombra ningún puzle: ${code === 'ERR_SYNTAX' ? 'el enlace está dañado o mal escrito' : lower(es.errors[code as keyof Messages['errors']] ?? 'no se puede leer')}.`,
    cannotShow: (why) => `No se puede mostrar este puzle: ${why}`,
    cancelled: (game) => `Cancelado. Se detuvo el motor; ${game ? 'tu partida sigue como estaba' : 'no se abrió nada'}.`,
    // The worker's reason is the browser's or the engine's, in English: not said here.
    workerStopped: () => 'El motor se detuvo de forma inesperada; arrancará uno nuevo con tu próxima petición.',
    generatingPuzzle: (size, level) => `Generando un puzle ${size} de nivel ${level}…`,
    failDeadline: 'al generador se le acabó el tiempo antes de poder demostrar que un candidato tiene una única solución',
    failAttempts: 'no se pudo demostrar que ninguno de los candidatos probados tuviera una única solución en este nivel',
    failVersion: 'este puzle lo hizo una versión del generador que este reproductor no tiene',
    failOther: (reason) => `se detuvo (${reason})`,
    noneShown: (why, detail) => `No se muestra ningún puzle: ${why}.${detail ? ` ${detail}.` : ''}`,
    candidates: (n, seconds) => `(${veces(n, 'candidato', 'candidatos')}, ${seconds} s)`,
    companionOnly: (names) =>
      `${names.join(' y ')} ${names.length === 1 ? 'se lee' : 'se leen'} junto a un archivo de puzle: elige el archivo de puzle con ${names.length === 1 ? 'él' : 'ellos'}.`,
    restoredWarning: (w) => `Recuperada con un aviso: ${w}.`,
    imported: (verdict, rules) => `Importado: ${verdict}.${rules ? ` ${rules}` : ''}`,
    newPuzzleSay: (size, intro) => `Puzle nuevo de ${size}. ${intro}`,
    notKept: () => 'No se pudo guardar tu partida sin terminar en este navegador.',
    moveRefused: (why) => `Esa jugada se rechazó: ${why}`,
    restartedSolved: 'Reiniciado: una partida nueva del mismo puzle (la resuelta está en Partidas terminadas).',
    restarted: 'Reiniciado: todas las marcas borradas, el mismo puzle. (Deshacer recupera tus marcas.)',
    mismatchCount: (n) => `Algo no cuadra: ${veces(n, 'celda marcada', 'celdas marcadas')} en rojo.`,
    hintNote: (seconds) => `Buscando durante ${seconds} como máximo. Cancelar detiene la búsqueda; tu partida sigue como está.`,
    hintWithin: (seconds) => `en ${seconds}`,
    hintLimit: 'dentro del límite de búsqueda',
    hintStopped: 'antes de que se detuviera',
    noHintFound: (why) =>
      `No se encontró ninguna pista ${why}: la búsqueda no fue concluyente, lo que no significa que no se siga nada. Prueba a comprobar si hay errores, o sigue jugando y vuelve a pedirla más tarde.`,
    hintSay: (technique, message, shown) => `Pista (${technique}): ${message}${shown ? '' : ' (no se pudo mostrar a qué se refiere)'}`,
    notSaved: () => 'No se pudo guardar tu partida en este navegador.',
    recentMeta: (moves, time, started) => `${veces(moves, 'jugada', 'jugadas')} · tiempo ${time} · empezada el ${started}`,
    resume: 'Reanudar',
    remove: 'Quitar',
  },
  nonogramView: {
    label: 'Nonograma',
    intro: 'Clic o toque rellena; clic derecho o pulsación larga tacha.',
    help: [
      'Rellena las celdas para que cada fila y cada columna muestre sus pistas: tramos de celdas rellenas, en orden, con al menos una celda en blanco entre tramos.',
      'Un clic o un toque rellena una celda; el clic derecho o una pulsación larga la tacha (o activa el modo ✕ para que los toques tachen). Un clic en una celda marcada la borra.',
      'Arrastra a lo largo de una fila o columna para pintar varias celdas; las celdas con otra marca no se sobrescriben.',
      'Teclado: las flechas, Inicio y Fin mueven; Espacio, Intro o F rellenan; X tacha; Retroceso, Supr o C borran.',
      'Una pista se vuelve gris cuando su línea la cumple. Las líneas más gruesas cada 5 celdas ayudan a contar.',
    ],
    winText: 'Todas las pistas se cumplen.',
    boardLabel: (w, h) => `Nonograma de ${w} columnas por ${h} filas`,
    clueLabel: (kind, n, count, clue) => `${kind === 'row' ? 'fila' : 'columna'} ${n}, ${count > 1 ? 'pistas' : 'pista'} ${clue}`,
    cellLabel: (row, col, mark) => `fila ${row}, columna ${col}, ${['vacía', 'rellena', 'tachada'][mark]}`,
  },
  numberlinkView: {
    label: 'Numberlink',
    intro: (adds) =>
      `Une cada pareja de etiquetas iguales con un camino: arrastra desde un extremo por las casillas; toca un camino para borrarlo.${adds ? ` ${adds}` : ''}`,
    help: (name, adds) => [
      'Une cada pareja de etiquetas iguales con un camino por casillas vecinas. Los caminos nunca se cruzan ni se ramifican, y entre todos llenan todas las casillas.',
      `Reglas de este puzle: ${name}. ${adds}`,
      'Pulsa en un extremo (o en el final de un camino) y arrastra por las casillas; el camino se dibuja al soltar. Vuelve sobre él para acortarlo; un camino que atraviesas queda cortado.',
      'Pulsar en un camino y arrastrar lo desvía desde ahí (lo que queda más allá se quita); pulsar en un extremo ya unido dibuja su camino de nuevo.',
      'Un toque (clic) en un camino, o un clic derecho, borra ese tramo. Deshacer retira un arrastre cada vez.',
      'Teclado: las flechas mueven; Espacio o Intro empieza a dibujar desde la casilla enfocada y luego las flechas dibujan (volver atrás acorta); Espacio, Intro o Esc terminan. Supr o Retroceso borran el tramo bajo el foco.',
      'Cada pareja tiene su color y su etiqueta en los dos discos; un camino unido se ve teñido; los tramos grises no están unidos a ningún extremo.',
    ],
    winText: 'Todas las parejas están unidas y todas las casillas llenas.',
    rules: (name) => `reglas: ${name}`,
    brokenRule: (why, adds) => `Todas las parejas están unidas y todas las casillas llenas, pero ${why}: ${adds}`,
    where: (row, col) => `fila ${row}, columna ${col}`,
    cancelled: 'Trazado cancelado.',
    unchanged: 'Trazado terminado; nada ha cambiado.',
    reached: (label) => `Trazado terminado: el camino llegó al extremo ${label}.`,
    stopped: 'Trazado terminado.',
    nothingToClear: (where) => `No hay nada que borrar en ${where}.`,
    drawingFrom: (from) =>
      `Trazando desde ${from === 'path' ? 'este camino' : from === 'empty' ? 'esta casilla vacía' : `el extremo ${from}`}: las flechas alargan el camino y volver atrás lo acorta; Espacio, Intro o Esc terminan.`,
    dirs: ['norte', 'este', 'sur', 'oeste'],
    linked: (dirs) => (dirs.length ? `unida al ${dirs.join(' y al ')}` : 'sin unir'),
    endpoint: (label, joined, linked) => `extremo ${label}${joined ? ' (unido)' : ''}, ${linked}`,
    empty: 'vacía',
    piece: (label, end, linked) => `${label !== null ? `camino ${label}` : 'tramo suelto'}${end ? ' (final)' : ''}, ${linked}`,
  },
  edgematchView: {
    label: 'Encaje de bordes',
    tray: 'Bandeja: las piezas que no están en el tablero',
    intro: 'Arrastra las piezas de la bandeja al tablero para que los lados que se tocan coincidan; haz clic en una pieza colocada para girarla.',
    help: [
      'Coloca todas las piezas en el tablero de modo que cada pareja de lados que se tocan muestre el mismo color, y todos los lados del borde del tablero sean grises. Las piezas giran pero nunca se voltean.',
      'Arrastra una pieza de la bandeja a una casilla (ratón, dedo o lápiz). Se gira para encajar en el marco gris cuando puede. En una casilla ocupada, una pieza de la bandeja devuelve la que había a la bandeja; una pieza de otra casilla se intercambia con ella.',
      'Haz clic o toca una pieza colocada para girarla a la derecha; el clic derecho la gira de vuelta. Arrastra una pieza colocada fuera del tablero para devolverla a la bandeja. O toca una pieza de la bandeja y luego una casilla vacía.',
      'Las piezas pista (con un punto en el centro) son fijas. Cada lado muestra el número de su color.',
      'Una marca roja señala dos lados que se tocan y no coinciden (o un color contra el marco); las uniones que coinciden llevan una línea tenue. La puntuación cuenta las uniones que coinciden sobre el total.',
      'Pista resalta una casilla y selecciona su pieza en la bandeja; pon esa pieza allí (con Intro o arrastrándola) y tomará el giro que indica la pista.',
      'Teclado: las flechas, Inicio y Fin mueven por el tablero; R o Espacio giran a la derecha, Mayús+R a la izquierda; [ y ] eligen una pieza de la bandeja (o Tab hasta la bandeja y las flechas); Intro o P la colocan en el cursor; M recoge una pieza colocada e Intro la suelta en otro sitio (Esc cancela); Supr, Retroceso o T devuelven una pieza a la bandeja.',
    ],
    winText: 'Todas las piezas están colocadas, todas las uniones coinciden y el marco es gris por completo.',
    where: (row, col) => `fila ${row}, columna ${col}`,
    sides: ['N', 'E', 'S', 'O'],
    boardLabel: (w, h, pieces) => `Encaje de bordes de ${w} columnas por ${h} filas, ${pieces} piezas`,
    clueStays: (where) => `En ${where} hay una pieza pista, que se queda donde está.`,
    placed: (piece, where, occupant, from) =>
      `Pieza ${piece} colocada en ${where}${occupant === null ? '' : from !== null ? `; la pieza ${occupant} pasa a ${from}` : `; la pieza ${occupant} vuelve a la bandeja`}.`,
    clueFixed: (where) => `En ${where} hay una pieza pista, que no se puede girar.`,
    nothingToTurn: (where) => `No hay nada que girar en ${where}.`,
    turned: (piece, clockwise, sides) => `Pieza ${piece} girada a la ${clockwise ? 'derecha' : 'izquierda'}: ${sides}.`,
    clueOnBoard: (where) => `En ${where} hay una pieza pista, que se queda en el tablero.`,
    nothingToTake: (where) => `No hay nada que quitar en ${where}.`,
    backToTray: (piece) => `Pieza ${piece} devuelta a la bandeja.`,
    selected: (piece, sides) =>
      `Pieza ${piece} seleccionada (${sides}): Intro o P la colocan en el cursor del tablero; tocar una casilla vacía la coloca allí.`,
    selectedKeys: (piece, sides) => `Pieza ${piece} seleccionada (${sides}): las flechas mueven por el tablero, Intro o P la colocan.`,
    trayEmpty: 'La bandeja está vacía.',
    putBack: (piece) => `Pieza ${piece} devuelta a su sitio.`,
    nothingToPlace: 'La bandeja está vacía: no queda nada que colocar.',
    nothingToMove: (where) => `No hay nada que mover en ${where}.`,
    moving: (piece) => `Moviendo la pieza ${piece}: las flechas van a una casilla, Intro la deja allí (intercambiándola con la que haya), Esc cancela.`,
    moveCancelled: 'Movimiento cancelado.',
    clueIsFixed: (where) => `En ${where} hay una pieza pista: es fija.`,
    emptyCell: (where) => `${cap(where)} está vacía: arrastra aquí una pieza de la bandeja, o toca una en la bandeja y luego esta casilla.`,
    cellLabel: (where, pl) =>
      `${where}, ${pl ? `${pl.clue ? 'pista, ' : ''}pieza ${pl.piece}, ${pl.turn}: ${pl.sides}${pl.off.length ? `; no coincide en ${pl.off.join(', ')}` : ''}` : 'vacía'}`,
    score: (got, full, bad, tray) =>
      `Uniones que coinciden: ${got} / ${full}${bad > 0 ? ` · ${bad} sin coincidir` : ''} · ${veces(tray, 'pieza', 'piezas')} en la bandeja`,
    trayPiece: (piece, sides) => `pieza ${piece}: ${sides}`,
    trayDone: 'Bandeja: vacía, todas las piezas están en el tablero.',
    trayHead: 'Bandeja (arrastra una pieza a una casilla; para elegir una, Tab hasta aquí, o [ y ] en el tablero):',
  },
};
