/**
 * The player shell: picks family, size and level; runs generation, hints and checks in the engine
 * worker (cancellable); keeps the current game in IndexedDB, and an unfinished game another takes the
 * place of in Recent games; shares puzzles by id; records results.
 * Family views draw boards and turn events into moves; the shell holds no puzzle rules.
 */
import { isLevel, LEVELS, type GenerateProgress, type HintNone, type Level } from '../../src/core/family.ts';
import { parseId } from '../../src/core/ids.ts';
import type { RunnerClient } from '../../src/runner/client.ts';
import { RunnerError } from '../../src/runner/client.ts';
import { DEFAULT_HINT_MS, type Answer, type GenerateAnswer, type PuzzleInfo } from '../../src/runner/protocol.ts';
import { addRecent, gameKey, RECENT_LIMIT, removeRecent, worthKeeping } from '../../src/player/recent.ts';
import { SAVE_FORMAT, type SaveRecord } from '../../src/player/save.ts';
import { RESTART_MOVE } from '../../src/player/session.ts';
import { makeShareLink, parseShareFragment } from '../../src/player/share.ts';
import { PuzzleBuffer } from './buffer.ts';
import { acceptDrops, Collection } from './collection.ts';
import { COLOUR_EXAMPLE, DEFAULT_PUZZLE } from './default-puzzle.ts';
import { Layout } from './layout.ts';
import { RulePicker } from './rule-picker.ts';
import { addToHistory, loadCurrent, loadHistory, loadRecent, saveCurrent, updateRecent } from './store.ts';
import { createGame, familyInfo, familyLabel, sizeProblem, VIEW_FAMILIES, type Game } from './views/index.ts';
import { dailyDayOf, dailyParams, dailySeed, dayOf } from './daily.ts';
import { fitLevelPicker } from './levels.ts';
import { languageSwitch } from './i18n.ts';
import { celebrate, PauseCover, SettingsPanel } from './comforts.ts';
import { onSettings, settings } from './settings.ts';
import {
  afterColon,
  DAILY,
  engineDetail,
  engineReason,
  gradeWords,
  KEEP_IT,
  LANG,
  LAYOUT_WORDS,
  levelWord,
  NO_PUZZLE,
  otherLevelWords,
  plainError,
  puzzleWords,
  ruleChoiceWords,
  RULE_PICK,
  stopWords,
  TRY_AGAIN,
  UNGRADED,
  verdictWords,
  W,
  withoutCodes,
} from './words.ts';

const $ = <T extends HTMLElement>(root: ParentNode, sel: string): T => {
  const el = root.querySelector<T>(sel);
  if (!el) throw new Error(`missing element ${sel}`);
  return el;
};

/** Width and height (as written) of the puzzle an id names, from its params (`WxH…`), or null. */
function sizeOf(id: string): [string, string] | null {
  const r = parseId(id);
  const m = r.ok ? /^(\d{1,12})x(\d{1,12})/.exec(r.value.params) : null;
  return m ? [m[1], m[2]] : null;
}

/**
 * Why the player will not show the puzzle a share id names, told from the id alone (its family, and
 * the size its params give), before any engine work; null when it may be shown.
 */
function idProblem(id: string): string | null {
  const r = parseId(id);
  if (!r.ok) return null;
  const { family } = r.value;
  if (!familyInfo(family)) return W.app.noView(family.slice(0, 40));
  const size = sizeOf(id);
  return size ? sizeProblem(family, Number(size[0]), Number(size[1])) : null;
}

function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (a[0].toString(36) + a[1].toString(36)).slice(0, 10);
}

/** A page option in seconds (`?name=SECONDS`) as milliseconds, or undefined when absent or not a positive number. */
function secondsParam(query: URLSearchParams, name: string): number | undefined {
  const s = Number(query.get(name) ?? NaN);
  return Number.isFinite(s) && s > 0 ? s * 1000 : undefined;
}

/** A duration of the engine's, e.g. "10 s" or "0.5 s". */
function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 1000 ? 3 : 1))} s`;
}

/** How long after the first screen the New game buffer starts filling for the pickers as they are. */
const BUFFER_START_MS = 3000;

/** What the player is told when a hint search finished without a hint. */
const noHint = (why: HintNone): string => W.app.noHint[why];

function formatTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** The page, in the language chosen (words.ts). */
const template = (a = W.app): string => `
<header class="top">
  <h1>proofgrid</h1>
  <p class="tagline">${a.tagline}</p>
  <button type="button" id="theme" class="icon" aria-label="${a.theme}">◐</button>
</header>
<section class="controls" aria-label="${a.newPuzzle}">
  <label>${a.puzzle} <select id="family"></select></label>
  <label>${a.width} <select id="width"></select></label>
  <label>${a.height} <select id="height"></select></label>
  <label>${a.level} <select id="level"></select></label>
  <label id="colours-label" hidden>${a.colours} <select id="colours"></select></label>
  <button type="button" id="new" class="primary">${a.newGame}</button>
  <button type="button" id="daily">${DAILY.button}</button>
  <button type="button" id="import-btn">${a.import}</button>
  <button type="button" id="colour-example">${a.colourExample}</button>
  <input type="file" id="import" multiple hidden />
  <p id="level-note" class="note" hidden></p>
</section>
<section class="gamebar" aria-label="${a.game}">
  <button type="button" id="undo" aria-keyshortcuts="Control+Z">${a.undo}</button>
  <button type="button" id="redo" aria-keyshortcuts="Control+Y">${a.redo}</button>
  <button type="button" id="restart">${a.restart}</button>
  <button type="button" id="check">${a.check}</button>
  <label class="opt"><input type="checkbox" id="show-wrong" /> ${a.showWrong}</label>
  <button type="button" id="hint">${a.hint}</button>
  <button type="button" id="cross-mode" aria-pressed="false" title="${a.crossModeTitle}">${a.crossMode}</button>
  <button type="button" id="share">${a.share}</button>
  <button type="button" id="pause" aria-pressed="false" title="${W.comforts.pauseTitle}">${W.comforts.pause}</button>
</section>
<section class="info" aria-label="${a.info}">
  <span id="about"></span>
  <span id="grade"></span>
  <span id="rules" hidden></span>
  <span id="verdict"></span>
  <span id="timer" aria-label="${a.time}"></span>
</section>
<p id="status" role="status" aria-live="polite"></p>
<main id="stage"></main>
<details id="help">
  <summary>${a.howToPlay}</summary>
  <ul id="help-list"></ul>
</details>
<section id="share-panel" class="panel-inline" hidden aria-label="${a.share}">
  <label>${a.link} <input id="share-link" readonly /></label>
  <label>${a.code} <input id="share-code" readonly /></label>
  <button type="button" id="copy">${a.copyLink}</button>
  <button type="button" id="share-close">${a.close}</button>
  <code id="puzzle-id" hidden></code>
</section>
<details id="recent" hidden>
  <summary>${a.recent}</summary>
  <p class="note">${a.recentNote(RECENT_LIMIT)}</p>
  <ul></ul>
</details>
<details id="history">
  <summary>${a.finished}</summary>
  <table><thead><tr>${a.historyHead.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody></tbody></table>
</details>
<div id="busy" class="overlay" hidden>
  <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="busy-title">
    <h2 id="busy-title">${a.generating}</h2>
    <p id="busy-progress" aria-live="polite"></p>
    <progress id="busy-bar"></progress>
    <button type="button" id="cancel">${a.cancel}</button>
  </div>
</div>
<div id="failed" class="overlay" hidden>
  <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="failed-title" aria-describedby="failed-msg">
    <h2 id="failed-title">${NO_PUZZLE}</h2>
    <p id="failed-msg"></p>
    <button type="button" id="keep" class="primary" hidden>${KEEP_IT}</button>
    <button type="button" id="retry" class="primary">${a.tryAnotherSeed}</button>
    <button type="button" id="failed-close">${a.close}</button>
  </div>
</div>
<div id="won" class="overlay" hidden>
  <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="won-title">
    <h2 id="won-title">${a.solved}</h2>
    <dl id="won-stats"></dl>
    <pre id="won-share" hidden></pre>
    <button type="button" id="won-copy" hidden>${DAILY.copy}</button>
    <button type="button" id="won-new" class="primary">${a.newGame}</button>
    <button type="button" id="won-close">${a.keepLooking}</button>
  </div>
</div>`;

/** The game on screen, with the counters its save record keeps. */
interface Current extends Pick<SaveRecord, 'elapsedMs' | 'checks' | 'mistakesFound' | 'hintsUsed' | 'startedAt' | 'finishedAt'> {
  info: PuzzleInfo;
  game: Game;
  /** The file it was imported from, when known. */
  source: string | null;
  /** Paused: the board hidden, the clock stopped, no moves (kept in its save). */
  paused: boolean;
}

export class App {
  private cur: Current | null = null;
  private lastTick = performance.now();
  private ticks = 0;
  private busy = false;
  private retry: (() => void) | null = null;
  /** The level the last generation or opened seeded id asked for (the other-level dialog names it). */
  private askedLevel: string | null = null;
  /** The puzzle a generation found at another level, while its dialog offers it. */
  private nearest: PuzzleInfo | null = null;
  /** The last reason a puzzle was not shown (said in the status line); the bad-link panel repeats it. */
  private problem: string | null = null;
  /** The file the puzzle being imported came from (its description names it), or null. */
  private source: string | null = null;
  /** Why the last puzzle `begin` was given could not be shown (the view's words), or null. */
  private notShown: string | null = null;
  /** The saved game, kept while a bad link's panel is up (it offers to resume it). */
  private savedRec: SaveRecord | null = null;
  private readonly el: HTMLElement;
  /** The phone menu, the stage's height, and the board's zoom and draw/pan mode. */
  private readonly layout: Layout;
  /** Time limit of a generation or an opening (ms), from the page's `?limit=SECONDS` (default: the engine's, 60 s). */
  private readonly limitMs: number | undefined;
  /** Time limit of a hint (ms): the page's `?hint-limit=SECONDS`, else `?limit=`, else the runner's 10 s. */
  private readonly hintLimitMs: number;
  /** An imported file's puzzles, checked in a worker of their own. */
  private readonly collection: Collection;
  /** The rule-set choice of an imported Numberlink puzzle. */
  private readonly rulePicker: RulePicker;
  /** Set while `begin` puts the same game under another id (a rule set): nothing goes to Recent games. */
  private swapping = false;
  /** Certified puzzles made ahead per (family, size, level), so that New game is instant. */
  private readonly buffer: PuzzleBuffer;
  /** The board's place while the game is paused. */
  private readonly pauseCover: PauseCover;
  /** The "mistakes at once" check in flight (`again`: the position changed meanwhile), or null. */
  private atOnce: { again: boolean } | null = null;
  /** The puzzle whose check found no single solution (mistakes at once are off for it). */
  private noSolution: string | null = null;

  constructor(
    root: HTMLElement,
    private readonly engine: RunnerClient,
    /** Starts another engine worker (an import's checking runs in one of its own). */
    spawn: () => RunnerClient,
  ) {
    root.innerHTML = template();
    // With the new-puzzle controls (in the menu on a phone, where the header has no room for it).
    $(root, '.controls').append(languageSwitch(LANG, () => this.persist()));
    this.el = root;
    this.collection = new Collection(
      {
        play: (info, source) => {
          this.source = source;
          try {
            return this.begin(info, null);
          } finally {
            this.source = null;
          }
        },
        onScreen: () => this.cur?.info.puzzle ?? null,
        counted: (was, info) => this.counted(was, info),
        say: (text) => this.say(text),
        refuse: (text) => this.refuse(text),
        status: () => this.q('#status').textContent ?? '',
      },
      spawn,
    );
    this.q('#stage').before(this.collection.el);
    this.q('#stage').after(this.collection.listEl);
    this.rulePicker = new RulePicker((rule) => void this.changeRule(rule));
    this.q('#rules').after(this.rulePicker.el);
    const query = new URLSearchParams(location.search);
    this.limitMs = secondsParam(query, 'limit');
    this.hintLimitMs = secondsParam(query, 'hint-limit') ?? this.limitMs ?? DEFAULT_HINT_MS;
    this.buffer = new PuzzleBuffer(spawn, this.limitMs, (family, params, n) => {
      const now = this.picked();
      if (now.family === family && now.params === params) this.q('#new').dataset.ready = String(n);
    });
    this.initControls();
    this.pauseCover = new PauseCover(() => this.setPaused(false));
    this.q('#stage').before(this.pauseCover.el);
    this.initComforts();
    this.layout = new Layout(
      root,
      () => this.fit(),
      (text) => this.say(text),
    );
    window.setInterval(() => this.tick(), 1000);
    document.addEventListener('visibilitychange', () => {
      this.tick();
      if (document.visibilityState === 'hidden') void this.persist();
    });
    window.addEventListener('pagehide', () => void this.persist());
    window.addEventListener('resize', () => this.fit());
    window.addEventListener('hashchange', () => void this.openFromHash().then((opened) => opened === false && !this.cur && this.showLinkProblem()));
  }

  private q<T extends HTMLElement>(sel: string): T {
    return $<T>(this.el, sel);
  }

  private initControls(): void {
    const fam = this.q<HTMLSelectElement>('#family');
    for (const f of VIEW_FAMILIES) fam.add(new Option(f.label, f.family));
    this.familyPicked();
    fam.addEventListener('change', () => this.familyPicked());
    const lv = this.q<HTMLSelectElement>('#level');
    for (const l of LEVELS) lv.add(new Option(levelWord(l), l, l === 'easy', l === 'easy'));
    this.levelsPicked();
    for (const sel of ['#width', '#height', '#colours']) this.q(sel).addEventListener('change', () => this.levelsPicked());
    this.q('#keep').addEventListener('click', () => this.keepNearest());

    this.q('#new').addEventListener('click', () => this.newGame());
    this.q('#daily').addEventListener('click', () => void this.openDaily(fam.value));
    const dailyTitle = (): void => {
      this.q('#daily').title = DAILY.title(familyLabel(fam.value));
    };
    fam.addEventListener('change', dailyTitle);
    dailyTitle();
    this.q('#won-copy').addEventListener('click', () => void this.copyDaily());
    for (const sel of ['#family', '#width', '#height', '#level', '#colours']) this.q(sel).addEventListener('change', () => this.wantBuffered());
    this.q('#undo').addEventListener('click', () => this.undo());
    this.q('#redo').addEventListener('click', () => this.redo());
    this.q('#restart').addEventListener('click', () => this.restart());
    this.q('#check').addEventListener('click', () => void this.check());
    this.q('#hint').addEventListener('click', () => void this.hint());
    this.q('#share').addEventListener('click', () => this.share());
    this.q('#share-close').addEventListener('click', () => (this.q('#share-panel').hidden = true));
    this.q('#copy').addEventListener('click', () => void this.copyLink());
    this.q('#cancel').addEventListener('click', () => this.cancel());
    this.q('#retry').addEventListener('click', () => {
      this.q('#failed').hidden = true;
      this.retry?.();
    });
    this.q('#failed-close').addEventListener('click', () => (this.q('#failed').hidden = true));
    this.q('#won-new').addEventListener('click', () => {
      this.q('#won').hidden = true;
      this.newGame();
    });
    this.q('#won-close').addEventListener('click', () => {
      this.q('#won').hidden = true;
      this.cur?.game.view.focus();
    });
    this.q('#show-wrong').addEventListener('change', () => {
      if (!this.q<HTMLInputElement>('#show-wrong').checked) this.cur?.game.view.showWrong([]);
    });
    const cross = this.q<HTMLButtonElement>('#cross-mode');
    cross.addEventListener('click', () => {
      const on = cross.getAttribute('aria-pressed') !== 'true';
      cross.setAttribute('aria-pressed', String(on));
      this.cur?.game.view.setCrossMode(on);
    });
    this.q('#import-btn').addEventListener('click', () => this.q<HTMLInputElement>('#import').click());
    this.q('#colour-example').addEventListener('click', () => this.begin(COLOUR_EXAMPLE, null));
    acceptDrops(document, (files) => void this.importFiles(files));
    this.q<HTMLInputElement>('#import').addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      const files = [...(input.files ?? [])];
      input.value = '';
      if (files.length > 0) void this.importFiles(files);
    });
    this.q('#theme').addEventListener('click', () => {
      const dark =
        document.documentElement.dataset.theme !== 'dark' &&
        (document.documentElement.dataset.theme === 'light' || !matchMedia('(prefers-color-scheme: dark)').matches);
      document.documentElement.dataset.theme = dark ? 'dark' : 'light';
      localStorage.setItem('proofgrid-theme', dark ? 'dark' : 'light');
    });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        if (this.busy) this.cancel();
        else for (const id of ['#failed', '#won', '#share-panel']) this.q(id).hidden = true;
        return;
      }
      if (!(e.ctrlKey || e.metaKey) || this.busy) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) this.undo();
      else if (k === 'y' || (k === 'z' && e.shiftKey)) this.redo();
      else return;
      e.preventDefault();
    });
  }

  /** First screen: a shared link, else the saved game, else the embedded default puzzle. */
  async start(): Promise<void> {
    const saved = localStorage.getItem('proofgrid-theme');
    if (saved === 'dark' || saved === 'light') document.documentElement.dataset.theme = saved;
    void this.renderHistory();
    void this.renderRecent();
    // A while after the first screen is up (a visit that only looks costs no worker), the buffer fills
    // for the pickers in its own worker; choosing in the pickers starts it sooner.
    setTimeout(() => this.wantBuffered(), BUFFER_START_MS);
    let bad: string | null = null;
    const rec = await loadCurrent((why) => (bad = why)).catch((e: unknown) => {
      bad = W.app.storageUnavailable(String(e));
      return null;
    });
    // Held while a link opens: a shared puzzle put in its place sends it to Recent games, not away.
    this.savedRec = rec;
    const link = await this.openFromHash();
    if (link === true) return;
    if (link === false) {
      // A bad link on a fresh page: say what is wrong with it, and let the player choose; never put
      // another puzzle in its place unasked (the saved game stays saved).
      this.savedRec = rec;
      this.showLinkProblem();
      return;
    }
    // ?daily=FAMILY: today's daily puzzle of that family (the saved game resumes when it is that one).
    const daily = new URLSearchParams(location.search).get('daily');
    if (daily !== null && familyInfo(daily)) {
      if (rec && rec.family === daily && dailyDayOf(rec.shareId) === dayOf(new Date()) && this.resume(rec)) return;
      if (await this.openDaily(daily)) return;
    }
    if (rec) {
      if (this.resume(rec)) return;
      // e.g. a board larger than this player draws; said, not replaced silently by the greeting.
      bad = this.notShown;
    }
    this.begin(DEFAULT_PUZZLE, null);
    if (bad) this.say(W.app.savedUnusable(rec !== null, bad));
  }

  /** Says why a puzzle is not shown, in the status line, and keeps it for the bad-link panel. */
  private refuse(text: string): void {
    this.problem = withoutCodes(text);
    this.say(text);
  }

  /**
   * The stage when a share link opened nothing and no game is on screen: what is wrong with the link,
   * and the ways on (the example puzzle, the saved game when there is one, a new game).
   */
  private showLinkProblem(): void {
    const box = document.createElement('section');
    box.className = 'link-problem';
    box.setAttribute('role', 'alert');
    box.setAttribute('aria-labelledby', 'link-problem-title');
    const h = document.createElement('h2');
    h.id = 'link-problem-title';
    h.textContent = W.app.linkProblem;
    const why = document.createElement('p');
    why.className = 'why';
    why.textContent = this.problem ?? W.app.linkUnopened;
    const note = document.createElement('p');
    note.textContent = W.app.linkNote;
    const actions = document.createElement('div');
    actions.className = 'actions';
    const button = (label: string, primary: boolean, run: () => void): HTMLButtonElement => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      if (primary) b.className = 'primary';
      b.addEventListener('click', run);
      actions.append(b);
      return b;
    };
    const rec = this.savedRec;
    const first = rec ? button(W.app.resumeSaved, true, () => this.resume(rec) || this.showLinkProblem()) : null;
    const example = button(W.app.playExample, first === null, () => this.begin(DEFAULT_PUZZLE, null));
    button(W.app.newGame, false, () => this.newGame());
    box.append(h, why, note, actions);
    const stage = this.q('#stage');
    stage.replaceChildren(box);
    delete stage.dataset.puzzle;
    delete stage.dataset.family;
    // No game: its bar and its facts go until one begins.
    this.q('.gamebar').hidden = true;
    this.q('.info').hidden = true;
    this.q('#puzzle-id').textContent = '';
    (first ?? example).focus();
  }

  private resume(rec: SaveRecord): boolean {
    // An imported puzzle saved undecided (its count ran out, or had not answered yet) is checked again, beside the game.
    const recheck = rec.provenance === 'imported' && rec.verdict === 'inconclusive';
    const info: PuzzleInfo = {
      family: rec.family,
      puzzle: rec.puzzle,
      shareId: rec.shareId,
      version: rec.version,
      provenance: rec.provenance,
      verdict: rec.verdict,
      ...(recheck ? { unchecked: 'pending' as const } : {}),
      grade: rec.grade ? { ...rec.grade, metrics: {} } : null,
      certificate: { nodes: 0, ms: 0 },
    };
    const shown = this.begin(info, rec);
    if (shown && recheck) this.collection.checkAlone(info);
    return shown;
  }

  /** Opens the puzzle a `#play=` fragment names: true when shown, false when not (said), null when there is no link. */
  private async openFromHash(): Promise<boolean | null> {
    const r = parseShareFragment(location.hash);
    if (r === null) return null;
    history.replaceState(null, '', location.pathname + location.search);
    if (!r.ok) {
      this.refuse(W.app.badLink(r.error.message, r.error.code));
      return false;
    }
    const id = r.value;
    if (this.cur && (this.cur.info.shareId === id || this.cur.info.puzzle === id)) return true;
    // A link to the saved game's puzzle (on a fresh page) resumes that game.
    const saved = this.cur ? null : this.savedRec;
    if (saved && (saved.shareId === id || saved.puzzle === id) && this.resume(saved)) return true;
    const problem = idProblem(id);
    if (problem) {
      this.refuse(`${W.app.cannotShow(problem)}.`);
      return false;
    }
    return this.openId(id);
  }

  /** Today's daily puzzle of a family (web/src/daily.ts): generated from the day's seed, or kept when it is on screen already. */
  private async openDaily(family: string): Promise<boolean> {
    const info = familyInfo(family);
    if (!info) return false;
    const day = dayOf(new Date());
    if (this.cur?.info.family === family && dailyDayOf(this.cur.info.shareId) === day) {
      this.say(DAILY.opened(info.label, day));
      return true;
    }
    this.askedLevel = info.daily.level;
    const params = dailyParams(info);
    const a = await this.run(DAILY.opening(info.label, day), () =>
      this.engine.request({ op: 'generate', family, params, seed: dailySeed(day), deadlineMs: this.limitMs }, (p) => this.progress(p)),
    );
    if (a === null || a.op !== 'generate') return false;
    const shown = this.fromGenerate(a.result, { label: TRY_AGAIN, run: () => void this.openDaily(family) });
    if (shown) this.say(DAILY.opened(info.label, day));
    return shown;
  }

  /** The daily result on screen as text to share (null when the game on screen is not a daily). */
  private dailyText(): string | null {
    const c = this.cur;
    const day = c ? dailyDayOf(c.info.shareId) : null;
    if (!c || day === null) return null;
    const level = c.info.grade?.level;
    return DAILY.share({
      day,
      puzzle: `${familyLabel(c.info.family)} ${c.game.size}${level ? ` ${levelWord(level)}` : ''}`,
      time: formatTime(c.elapsedMs),
      hints: c.hintsUsed,
      checks: c.checks,
      link: `${location.origin}${location.pathname}?daily=${encodeURIComponent(c.info.family)}`,
    });
  }

  private async copyDaily(): Promise<void> {
    const text = this.dailyText();
    if (text === null) return;
    const ok = await navigator.clipboard?.writeText(text).then(
      () => true,
      () => false,
    );
    this.say(ok ? DAILY.copied : DAILY.noCopy);
  }

  private async openId(id: string): Promise<boolean> {
    const seeded = parseId(id);
    this.askedLevel = seeded.ok && seeded.value.kind === 'seeded' ? (/-([a-z]+)/.exec(seeded.value.params)?.[1] ?? null) : null;
    const result = await this.run(W.app.openingShared, () => this.engine.request({ op: 'open', id, deadlineMs: this.limitMs }, (p) => this.progress(p)));
    if (result === null || result.op !== 'open') return false;
    // The same id gives the same answer, unless time ran out: only then is trying again worth it.
    return this.fromGenerate(
      result.result,
      result.result.ok || result.result.reason !== 'deadline' ? null : { label: TRY_AGAIN, run: () => void this.openId(id) },
    );
  }

  /**
   * Runs an engine request behind the busy dialog; null when cancelled or refused (already said). With
   * `showAfterMs`, the dialog shows only once the request has run that long (a quick hint does not
   * flash it); `note` replaces its first progress line; `refused` opens what a refusal says (by default
   * "The engine refused"). Focus goes back where it was once it closes.
   */
  private async run<T>(title: string, job: () => Promise<T>, opts: { showAfterMs?: number; note?: string; refused?: string } = {}): Promise<T | null> {
    if (this.busy) this.cancel();
    this.busy = true;
    this.q('#busy-title').textContent = title;
    this.q('#busy-progress').textContent = opts.note ?? W.app.starting;
    this.q<HTMLProgressElement>('#busy-bar').removeAttribute('value');
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let shown = false;
    const show = (): void => {
      shown = true;
      this.q('#busy').hidden = false;
      this.q<HTMLButtonElement>('#cancel').focus();
    };
    const timer = opts.showAfterMs ? setTimeout(show, opts.showAfterMs) : undefined;
    if (!opts.showAfterMs) show();
    try {
      return await job();
    } catch (e) {
      if (e instanceof RunnerError && e.code === 'ERR_CANCELLED') this.refuse(W.app.cancelled(this.cur !== null));
      else if (e instanceof RunnerError && e.code === 'ERR_WORKER') this.refuse(W.app.workerStopped(withoutCodes(e.message)));
      else
        this.refuse(
          `${opts.refused ?? W.app.refused}: ${afterColon(plainError(e instanceof Error ? e.message : String(e), e instanceof RunnerError ? e.code : undefined))}`,
        );
      return null;
    } finally {
      clearTimeout(timer);
      this.busy = false;
      this.q('#busy').hidden = true;
      if (shown && back?.isConnected) back.focus();
    }
  }

  private progress(p: GenerateProgress): void {
    this.q('#busy-progress').textContent = W.app.candidate(p.attempts, p.maxAttempts, (p.ms / 1000).toFixed(1));
    const bar = this.q<HTMLProgressElement>('#busy-bar');
    bar.max = p.maxAttempts;
    bar.value = p.attempts;
  }

  private cancel(): void {
    this.engine.cancel();
  }

  /** The family and params the pickers show. */
  private picked(): { family: string; params: string } {
    const v = (sel: string): string => this.q<HTMLSelectElement>(sel).value;
    return { family: v('#family'), params: `${v('#width')}x${v('#height')}-${v('#level')}${this.coloursSuffix()}` };
  }

  /** The colours picker's part of the params (`-c3`), or '' for black and white (or a family without it). */
  private coloursSuffix(): string {
    const label = this.q('#colours-label');
    const c = this.q<HTMLSelectElement>('#colours').value;
    return !label.hidden && c !== '' ? `-c${c}` : '';
  }

  /** The colours picked (2 to 6), or undefined for black and white. */
  private pickedColours(): number | undefined {
    const c = this.coloursSuffix();
    return c === '' ? undefined : Number(c.slice(2));
  }

  /** The buffer fills for the pickers' choice; the New game button says how many it holds (`data-ready`). */
  private wantBuffered(): void {
    const { family, params } = this.picked();
    delete this.q('#new').dataset.ready;
    this.buffer.want(family, params);
  }

  /** A new game: from the buffer at once when it holds one for the pickers' choice, else generated now. */
  private newGame(): void {
    const family = this.q<HTMLSelectElement>('#family').value;
    const w = this.q<HTMLSelectElement>('#width').value;
    const h = this.q<HTMLSelectElement>('#height').value;
    const level = this.q<HTMLSelectElement>('#level').value as Level;
    const params = `${w}x${h}-${level}${this.coloursSuffix()}`;
    const seed = randomSeed();
    this.askedLevel = level;
    void (async () => {
      const ready = this.busy ? null : await this.buffer.take(family, params);
      if (ready && !this.busy) {
        this.begin(ready, null);
        return;
      }
      const a = await this.run(W.app.generatingPuzzle(`${w}×${h}`, levelWord(level)), () =>
        this.engine.request({ op: 'generate', family, params, seed, deadlineMs: this.limitMs }, (p) => this.progress(p)),
      );
      if (a && a.op === 'generate') this.fromGenerate(a.result, { label: W.app.tryAnotherSeed, run: () => this.newGame() });
    })();
  }

  private fromGenerate(r: GenerateAnswer, retry: { label: string; run: () => void } | null): boolean {
    // Puzzles were proven but none at the level asked (candidates or time ran out): offer the one found.
    if (!r.ok && r.nearest) return this.offerNearest(r.nearest, retry);
    this.q('#failed-title').textContent = NO_PUZZLE;
    this.q('#keep').hidden = true;
    if (!r.ok) {
      const why =
        r.reason === 'deadline'
          ? W.app.failDeadline
          : r.reason === 'attempts-exhausted'
            ? W.app.failAttempts
            : r.reason === 'unsupported-version'
              ? W.app.failVersion
              : W.app.failOther(stopWords(r.reason));
      const detail = engineDetail(r.message).replace(/\.$/, '');
      this.q('#failed-msg').textContent = `${W.app.noneShown(why, detail)} ${W.app.candidates(r.attempts, (r.ms / 1000).toFixed(1))}`;
      this.refuse(W.app.noneShown(why, detail));
      this.retry = retry?.run ?? null;
      this.q('#retry').hidden = retry === null;
      this.q('#retry').textContent = retry?.label ?? '';
      this.q('#failed').hidden = false;
      this.q<HTMLButtonElement>(this.retry ? '#retry' : '#failed-close').focus();
      return false;
    }
    return this.begin(r.info, null);
  }

  /**
   * Files chosen together: the first puzzle file is read, with the family's companion files chosen
   * beside it (a `.puz` with its `.clue`) handed to the engine by name.
   */
  private async importFiles(files: readonly File[]): Promise<void> {
    const family = this.q<HTMLSelectElement>('#family').value;
    const companion = new Set((familyInfo(family)?.companions ?? '').split(',').filter((x) => x !== ''));
    const isCompanion = (f: File): boolean => companion.has(f.name.slice(f.name.lastIndexOf('.')).toLowerCase());
    const main = files.filter((f) => !isCompanion(f));
    if (main.length === 0) {
      this.say(W.app.companionOnly(files.map((f) => f.name)));
      return;
    }
    const beside = Object.fromEntries(await Promise.all(files.filter(isCompanion).map(async (f) => [f.name, await f.text()] as const)));
    await this.importFile(main[0], beside);
    if (main.length > 1) this.say(`${this.q('#status').textContent} ${W.app.onlyFirstFile(main[0].name)}`);
  }

  private async importFile(file: File, beside: Record<string, string>): Promise<void> {
    const text = await file.text();
    const family = this.q<HTMLSelectElement>('#family').value;
    // Boards larger than the view draws come back uncounted, so they cost the worker nothing.
    const maxSide = familyInfo(family)?.maxSide;
    this.collection.start(file.name, { op: 'import', family, text, filename: file.name, maxSide, ...(Object.keys(beside).length > 0 ? { beside } : {}) });
  }

  /** The puzzle on screen (`was`) got its verdict from the collection's checking; under another id, the game moves to it. */
  private counted(was: string, info: PuzzleInfo): void {
    const c = this.cur;
    if (!c || c.info.puzzle !== was) return;
    if (info.puzzle === was) {
      c.info = info;
      this.showFacts(c);
      void this.persist();
      // Counted unique now: its mistakes can be shown at once.
      void this.mistakesAtOnce();
    } else this.swap(info);
  }

  /** The game on screen, its moves and time kept, under another descriptive id (the same board under another rule set). */
  private swap(info: PuzzleInfo): boolean {
    const c = this.cur;
    if (!c) return false;
    this.tick();
    const rec: SaveRecord = {
      ...this.record(),
      puzzle: info.puzzle,
      shareId: info.shareId,
      verdict: info.verdict,
      grade: info.grade ? { level: info.grade.level, score: info.grade.score } : null,
    };
    this.swapping = true;
    this.source = c.source;
    try {
      return this.begin(info, rec);
    } finally {
      this.swapping = false;
      this.source = null;
    }
  }

  /** The player chose another rule set for the imported Numberlink puzzle on screen: counted under it, then played under it. */
  private async changeRule(rule: string): Promise<void> {
    const c = this.cur;
    const m = c ? /^numberlink:(\d{1,12}x\d{1,12})-(strict|no-2x2|no-touch):/.exec(c.info.puzzle) : null;
    if (!c || !m || m[2] === rule) return;
    const id = `numberlink:${m[1]}-${rule}:${c.info.puzzle.slice(m[0].length)}`;
    const a = await this.run(RULE_PICK.checking(rule), () => this.engine.request({ op: 'open', id, deadlineMs: this.limitMs }), { showAfterMs: 300 });
    if (a?.op !== 'open' || !a.result.ok || this.cur !== c) {
      this.rulePicker.show(this.cur?.info ?? null);
      return;
    }
    const got = a.result.info;
    const tried = (c.info.rules ?? []).filter((t) => t.rule !== rule);
    const info: PuzzleInfo = {
      ...got,
      provenance: c.info.provenance,
      rules: [...tried, { rule, verdict: got.verdict, ...(got.stop === undefined ? {} : { stop: got.stop }) }],
    };
    if (this.swap(info)) this.say(RULE_PICK.changed(rule, verdictWords(info)));
  }

  /** Shows a puzzle: a new game, or a saved one when `rec` is given. */
  private begin(info: PuzzleInfo, rec: SaveRecord | null): boolean {
    this.tick();
    // The game this one takes the place of (on screen, or saved and not yet shown).
    const before = this.cur ? this.record() : this.savedRec;
    const made = createGame(info.family, info.puzzle, rec, { play: (m) => this.play(m), say: (text) => this.say(text) });
    if (!made.ok) {
      this.notShown = made.message;
      this.refuse(W.app.cannotShow(made.message));
      return false;
    }
    this.problem = null;
    this.savedRec = null;
    this.q('.gamebar').hidden = false;
    this.q('.info').hidden = false;
    this.cur = {
      info,
      game: made.game,
      source: this.source,
      elapsedMs: rec?.elapsedMs ?? 0,
      checks: rec?.checks ?? 0,
      mistakesFound: rec?.mistakesFound ?? 0,
      hintsUsed: rec?.hintsUsed ?? 0,
      startedAt: rec?.startedAt ?? new Date().toISOString(),
      finishedAt: rec?.finishedAt ?? null,
      paused: rec?.paused === true && !rec.finishedAt,
    };
    this.lastTick = performance.now();
    const stage = this.q('#stage');
    stage.replaceChildren(made.game.view.el);
    stage.dataset.puzzle = info.puzzle;
    stage.dataset.family = info.family;
    made.game.view.setCrossMode(this.q('#cross-mode').getAttribute('aria-pressed') === 'true');
    this.q('#cross-mode').hidden = !made.game.view.hasCrossMode;
    const help = this.q('#help-list');
    help.replaceChildren(
      ...[...made.game.view.help, LAYOUT_WORDS.help].map((line) => {
        const li = document.createElement('li');
        li.textContent = line;
        return li;
      }),
    );
    this.q('#help summary').textContent = W.app.howToPlayFamily(familyLabel(info.family));
    made.game.view.render();
    this.layout.reset();
    this.fit();
    this.q('#share-panel').hidden = true;
    // The id is for sharing: it is shown in the Share panel only (a long import's id would fill the screen).
    this.q('#puzzle-id').textContent = info.shareId;
    this.syncPickers(info);
    this.q('#about').textContent = puzzleWords(familyLabel(info.family), made.game.size, info, this.source);
    this.q('#rules').textContent = made.game.view.rules ?? '';
    this.q('#rules').hidden = made.game.view.rules === undefined;
    const verdict = verdictWords(info);
    this.showFacts(this.cur);
    this.showPaused();
    this.updateButtons();
    this.showTime();
    if (this.swapping) {
      void this.persist();
      return true;
    }
    if (made.warning) this.say(W.app.restoredWarning(made.warning));
    else
      this.say(
        rec
          ? W.app.welcomeBack
          : info.provenance === 'imported'
            ? W.app.imported(verdict, ruleChoiceWords(info))
            : W.app.newPuzzleSay(made.game.size, made.game.view.intro),
      );
    const kept = before !== null && worthKeeping(before) && (rec === null || gameKey(rec) !== gameKey(before));
    if (kept) this.say(`${this.q('#status').textContent} ${W.app.keptInRecent}`);
    if (this.cur.paused) this.say(`${this.q('#status').textContent} ${W.comforts.paused}`);
    void this.persist();
    void this.mistakesAtOnce();
    if (kept || rec !== null) void this.keepAside(kept ? before : null, rec);
    return true;
  }

  /** The measured level, the verdict and, for an imported Numberlink puzzle, its rule-set choice. */
  private showFacts(c: Current): void {
    const info = c.info;
    const grade = info.grade ? gradeWords(familyInfo(info.family), info.grade) : null;
    this.q('#grade').textContent = grade?.text ?? W.app.levelLine(UNGRADED);
    if (grade) this.q('#grade').title = grade.title;
    else this.q('#grade').removeAttribute('title');
    const v = this.q('#verdict');
    v.textContent = verdictWords(info);
    v.className = `verdict verdict-${info.unchecked === 'pending' ? 'pending' : info.verdict}`;
    this.rulePicker.show(info);
  }

  /** Puts `before` first in Recent games and takes `resumed` out (it is on screen now). */
  private async keepAside(before: SaveRecord | null, resumed: SaveRecord | null): Promise<void> {
    try {
      await updateRecent((list) => {
        const rest = resumed ? removeRecent(list, gameKey(resumed)) : list;
        return before ? addRecent(rest, before) : rest;
      });
    } catch (e) {
      this.say(W.app.notKept(String(e)));
    }
    await this.renderRecent();
  }

  /** Fills the size pickers with the sides the chosen family offers, keeping the sides picked when it can. */
  private familyPicked(): void {
    const family = this.q<HTMLSelectElement>('#family').value;
    const info = familyInfo(family);
    const { sides, initialSide: initial } = info ?? VIEW_FAMILIES[0];
    for (const sel of ['#width', '#height']) {
      const s = this.q<HTMLSelectElement>(sel);
      const before = Number(s.value);
      // The side offered nearest to the one picked before (the family's default the first time).
      const want = s.options.length === 0 ? initial : sides.reduce((a, b) => (Math.abs(b - before) < Math.abs(a - before) ? b : a));
      s.replaceChildren(...sides.map((n) => new Option(String(n), String(n), n === want, n === want)));
    }
    this.q<HTMLInputElement>('#import').accept = [info?.files, info?.companions].filter((x) => x).join(',');
    // The colours picker, for a family whose generator makes colour puzzles (black and white first).
    const colours = this.q<HTMLSelectElement>('#colours');
    const before = colours.value;
    const counts = info?.colours ?? [];
    colours.replaceChildren(new Option(W.app.blackAndWhite, ''), ...counts.map((n) => new Option(String(n), String(n))));
    colours.value = counts.map(String).includes(before) ? before : '';
    this.q('#colours-label').hidden = counts.length === 0;
    this.levelsPicked();
  }

  /** The level picker offers the levels measured at the size picked (web/src/levels.ts). */
  private levelsPicked(): void {
    const info = familyInfo(this.q<HTMLSelectElement>('#family').value);
    const [w, h] = ['#width', '#height'].map((sel) => Number(this.q<HTMLSelectElement>(sel).value));
    fitLevelPicker(this.q<HTMLSelectElement>('#level'), this.q('#level-note'), info, w, h, this.pickedColours());
  }

  /**
   * A generation that proved puzzles but none at the level asked: says which level came out and
   * offers that puzzle as it is (Keep it), or another try.
   */
  private offerNearest(nearest: PuzzleInfo, retry: { label: string; run: () => void } | null): boolean {
    const size = sizeOf(nearest.puzzle)?.join('×') ?? '';
    const words = otherLevelWords(this.askedLevel ?? 'asked', nearest.grade ?? { level: 'easy' }, size);
    this.q('#failed-title').textContent = words.title;
    this.q('#failed-msg').textContent = words.message;
    this.say(`${words.title}: ${words.message}`);
    this.nearest = nearest;
    this.q('#keep').hidden = false;
    this.retry = retry?.run ?? null;
    this.q('#retry').hidden = retry === null;
    this.q('#retry').textContent = TRY_AGAIN;
    this.q('#failed').hidden = false;
    this.q<HTMLButtonElement>('#keep').focus();
    return false;
  }

  /** Keep it: the puzzle that came out, at its measured level. */
  private keepNearest(): void {
    this.q('#failed').hidden = true;
    const n = this.nearest;
    this.nearest = null;
    if (n) this.begin(n, null);
  }

  /** The pickers show the puzzle on screen, so that "New game" makes another like it. */
  private syncPickers(info: PuzzleInfo): void {
    const size = sizeOf(info.puzzle);
    const set = (sel: string, value: string | undefined): void => {
      const s = this.q<HTMLSelectElement>(sel);
      if (value !== undefined && [...s.options].some((o) => o.value === value)) s.value = value;
    };
    const fam = this.q<HTMLSelectElement>('#family');
    if (fam.value !== info.family) {
      set('#family', info.family);
      this.familyPicked();
    }
    set('#width', size?.[0]);
    set('#height', size?.[1]);
    // The level asked for (a seeded id names it), else the level measured.
    const id = parseId(info.shareId);
    const asked = id.ok && id.value.kind === 'seeded' ? /-([a-z]+)/.exec(id.value.params)?.[1] : undefined;
    set('#level', asked !== undefined && isLevel(asked) ? asked : info.grade?.level);
    this.levelsPicked();
  }

  private fit(): void {
    if (!this.cur) return;
    const stage = this.q('#stage');
    this.cur.game.view.fit(Math.min(stage.clientWidth || window.innerWidth, 1100) - 8, this.layout.zoom);
    this.layout.sizeStage();
  }

  private play(move: string): void {
    const c = this.cur;
    if (!c || this.busy || c.paused) return;
    const r = c.game.session.play(move);
    if (!r.ok) {
      this.say(W.app.moveRefused(engineReason(r.error.message, r.error.code)));
      return;
    }
    this.afterChange();
  }

  // While the engine works on the position (a hint, a check), the board stays as it was asked about.
  private undo(): void {
    if (!this.busy && !this.cur?.paused && this.cur?.game.session.undo()) this.afterChange();
  }

  private redo(): void {
    if (!this.busy && !this.cur?.paused && this.cur?.game.session.redo()) this.afterChange();
  }

  private restart(): void {
    const c = this.cur;
    if (!c || this.busy || c.paused) return;
    if (c.finishedAt !== null) {
      // Playing a finished puzzle again is a new game of it (the finished one is in Finished games):
      // fresh time and counters, nothing to undo.
      c.game.session.reset();
      Object.assign(c, { finishedAt: null, elapsedMs: 0, checks: 0, mistakesFound: 0, hintsUsed: 0, startedAt: new Date().toISOString() });
      this.lastTick = performance.now();
      this.say(W.app.restartedSolved);
    } else if (c.game.session.restart()) this.say(W.app.restarted);
    else return;
    this.afterChange();
  }

  private afterChange(): void {
    const c = this.cur;
    if (!c) return;
    c.game.view.render();
    c.game.showHint(null);
    c.game.view.showWrong([]);
    if (c.finishedAt === null && c.game.session.solved) {
      this.tick();
      c.finishedAt = new Date().toISOString();
      this.showWin();
      void addToHistory(this.record()).then(() => this.renderHistory());
    }
    this.updateButtons();
    void this.persist();
    void this.mistakesAtOnce();
  }

  private updateButtons(): void {
    const s = this.cur?.game.session;
    this.q<HTMLButtonElement>('#undo').disabled = !s?.canUndo;
    this.q<HTMLButtonElement>('#redo').disabled = !s?.canRedo;
    this.q<HTMLButtonElement>('#restart').disabled = !(s?.canRestart || this.cur?.finishedAt);
    // Paused: nothing that plays or looks at the board.
    const paused = this.cur?.paused === true;
    for (const sel of ['#check', '#hint']) this.q<HTMLButtonElement>(sel).disabled = paused;
    if (paused) for (const sel of ['#undo', '#redo', '#restart']) this.q<HTMLButtonElement>(sel).disabled = true;
    // A finished game has nothing to pause.
    this.q<HTMLButtonElement>('#pause').disabled = !this.cur || (this.cur.finishedAt !== null && !paused);
  }

  /** The settings panel and what the settings change on the page (web/src/settings.ts). */
  private initComforts(): void {
    new SettingsPanel(this.el);
    this.q('#pause').addEventListener('click', () => this.setPaused(!this.cur?.paused));
    this.applySettings();
    onSettings((now, before) => {
      this.applySettings();
      if (now.mistakes !== before.mistakes) {
        if (now.mistakes === 'at-once') void this.mistakesAtOnce(true);
        else if (this.cur) {
          this.cur.game.view.showWrong([]);
          delete this.cur.game.view.el.dataset.wrong;
        }
      }
    });
  }

  private applySettings(): void {
    this.q('#timer').hidden = settings().hideTimer;
  }

  /** Pauses (hides the board, stops the clock, takes no moves) or resumes the game on screen; saved at once. */
  private setPaused(on: boolean): void {
    const c = this.cur;
    if (!c || c.paused === on || (on && c.finishedAt !== null)) return;
    // The time up to now counts; from a resume on, the clock runs from then.
    this.tick();
    c.paused = on;
    this.lastTick = performance.now();
    this.showPaused();
    this.updateButtons();
    this.say(on ? W.comforts.paused : W.comforts.resumed);
    if (on) this.pauseCover.resume.focus();
    else {
      // The stage was out of the layout meanwhile (a resize, a turned phone): fitted again.
      this.fit();
      c.game.view.focus();
    }
    void this.persist();
  }

  /** The board or the pause cover, as the game on screen is. */
  private showPaused(): void {
    const paused = this.cur?.paused === true;
    this.q('#stage').hidden = paused;
    this.pauseCover.el.hidden = !paused;
    // A toggle: pressed while paused (its name stays, as a toggle's does; the cover has Resume).
    this.q('#pause').setAttribute('aria-pressed', String(paused));
  }

  /**
   * "Show mistakes at once": after a move, the wrong marks of the position on screen are shown, from
   * the engine's check (which uses the puzzle's unique solution). Only for a puzzle whose count said
   * unique: one with several solutions, none, or an undecided count has no solution to hold marks to.
   * Not a Check of the player's: no counter moves. One check at a time: moves made meanwhile are
   * checked together when it answers (a first check may count for seconds on a large board). `told`:
   * say when it cannot be done.
   */
  private async mistakesAtOnce(told = false): Promise<void> {
    const c = this.cur;
    if (!c || settings().mistakes !== 'at-once' || c.paused || c.finishedAt !== null) return;
    if (c.info.verdict !== 'unique' || c.info.unchecked !== undefined || this.noSolution === c.info.puzzle) {
      if (told) this.say(W.comforts.noSolution);
      return;
    }
    if (this.atOnce) {
      this.atOnce.again = true;
      return;
    }
    const moves = [...c.game.session.moves];
    this.atOnce = { again: false };
    const a = await this.engine.request({ op: 'check', puzzle: c.info.puzzle, moves: [...c.game.session.position] }).catch(() => null);
    const again = this.atOnce.again;
    this.atOnce = null;
    if (a?.op === 'check' && !a.available) {
      // The engine found no single solution in its time: not asked again for this puzzle.
      this.noSolution = c.info.puzzle;
      if (this.cur === c) this.say(W.comforts.noSolution);
      return;
    }
    if (a?.op === 'check' && this.asked(c, moves) && settings().mistakes === 'at-once') {
      c.game.view.showWrong(a.wrong);
      // Said when a mistake is new (more wrong marks than before), so the view's own words stay otherwise.
      const el = c.game.view.el;
      if (a.wrong.length > Number(el.dataset.wrong ?? 0)) this.say(W.comforts.wrongNow(a.wrong.length));
      // For tests too: how many marks were found wrong, after how many moves.
      el.dataset.wrong = String(a.wrong.length);
      el.dataset.wrongAt = String(moves.length);
    } else if (again || this.cur !== c || !this.asked(c, moves)) void this.mistakesAtOnce();
  }

  /** Whether `c` is still the game on screen, at the position (move list) the engine was asked about. */
  private asked(c: Current, moves: readonly string[]): boolean {
    const now = c.game.session.moves;
    return this.cur === c && now.length === moves.length && now.every((m, i) => m === moves[i]);
  }

  /** Asks the engine about the position on screen; null when there is no game, or it failed (said). */
  private async ask(op: 'check' | 'hint'): Promise<{ c: Current; a: Answer } | null> {
    const c = this.cur;
    if (!c || this.busy || c.paused) return null;
    const moves = [...c.game.session.moves];
    const a = await this.engine.request({ op, puzzle: c.info.puzzle, moves: [...c.game.session.position] }).catch((e: unknown) => {
      this.say(W.engine.askFailed(op, afterColon(plainError(e instanceof Error ? e.message : String(e), e instanceof RunnerError ? e.code : undefined))));
      return null;
    });
    return a && this.asked(c, moves) ? { c, a } : null;
  }

  private async check(): Promise<void> {
    const r = await this.ask('check');
    if (r?.a.op !== 'check') return;
    const { c, a } = r;
    if (!a.available) {
      this.say(W.app.checkNone);
      return;
    }
    c.checks++;
    c.mistakesFound += a.mistakes;
    const show = this.q<HTMLInputElement>('#show-wrong').checked;
    c.game.view.showWrong(show ? a.wrong : []);
    this.say(a.mistakes === 0 ? W.app.noMistakes : show ? W.app.mismatchCount(a.mistakes) : W.app.mismatch);
    void this.persist();
  }

  /**
   * A hint, behind the busy dialog (shown once it takes a moment) with Cancel. The engine searches for
   * at most `?hint-limit=` (or `?limit=`) seconds, by default the runner's 10 s; running out is said as such, never as
   * "nothing follows".
   */
  private async hint(): Promise<void> {
    const c = this.cur;
    if (!c || this.busy || c.paused) return;
    const limit = this.hintLimitMs;
    const moves = [...c.game.session.moves];
    const position = [...c.game.session.position];
    const a = await this.run(W.app.lookingForHint, () => this.engine.request({ op: 'hint', puzzle: c.info.puzzle, moves: position, deadlineMs: limit }), {
      showAfterMs: 300,
      note: W.app.hintNote(formatSeconds(limit)),
    });
    if (a?.op !== 'hint' || !this.asked(c, moves)) return;
    const r = a.result;
    if (r.kind === 'inconclusive') {
      const why = r.stop === 'deadline' ? W.app.hintWithin(formatSeconds(limit)) : r.stop === 'node-limit' ? W.app.hintLimit : W.app.hintStopped;
      this.say(W.app.noHintFound(why));
      return;
    }
    if (r.kind === 'none') {
      this.say(noHint(r.reason));
      return;
    }
    c.hintsUsed++;
    const shown = c.game.showHint(r.hint);
    const said = c.game.hintWords(r.hint);
    this.say(W.app.hintSay(said.technique, said.text, shown));
    void this.persist();
  }

  private share(): void {
    const c = this.cur;
    if (!c) return;
    this.q<HTMLInputElement>('#share-link').value = makeShareLink(location.origin + location.pathname, c.info.shareId);
    this.q<HTMLInputElement>('#share-code').value = c.info.shareId;
    this.q('#share-panel').hidden = false;
    this.q<HTMLInputElement>('#share-link').select();
  }

  private async copyLink(): Promise<void> {
    const link = this.q<HTMLInputElement>('#share-link').value;
    try {
      await navigator.clipboard.writeText(link);
      this.say(W.app.linkCopied);
    } catch {
      this.q<HTMLInputElement>('#share-link').select();
      this.say(W.app.copyRefused);
    }
  }

  private showWin(): void {
    const c = this.cur;
    if (!c) return;
    const dl = this.q('#won-stats');
    dl.replaceChildren();
    const rows: [string, string][] = [
      [W.app.wonRows.time, formatTime(c.elapsedMs)],
      [W.app.wonRows.size, c.game.size],
      [W.app.wonRows.level, c.info.grade ? gradeWords(familyInfo(c.info.family), c.info.grade).level : UNGRADED],
      [W.app.wonRows.checks, W.app.wonRows.checksValue(c.checks, c.mistakesFound)],
      [W.app.wonRows.hints, String(c.hintsUsed)],
    ];
    for (const [k, v] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      dl.append(dt, dd);
    }
    const share = this.dailyText();
    this.q('#won-share').textContent = share ?? '';
    this.q('#won-share').hidden = share === null;
    this.q('#won-copy').hidden = share === null;
    this.q('#won').hidden = false;
    celebrate(this.q('#stage'));
    this.q<HTMLButtonElement>('#won-new').focus();
    this.say(W.app.solvedSay(c.game.view.winText));
  }

  private async renderHistory(): Promise<void> {
    const list = await loadHistory().catch(() => []);
    const body = this.q('#history tbody');
    body.replaceChildren();
    for (const r of list) {
      const tr = document.createElement('tr');
      const size = sizeOf(r.puzzle)?.join('×') ?? '';
      for (const v of [
        r.finishedAt ? new Date(r.finishedAt).toLocaleString(LANG) : '',
        familyLabel(r.family),
        size,
        r.grade ? levelWord(r.grade.level) : UNGRADED,
        formatTime(r.elapsedMs),
        String(r.checks),
        String(r.hintsUsed),
      ]) {
        const td = document.createElement('td');
        td.textContent = v;
        tr.append(td);
      }
      body.append(tr);
    }
    this.q('#history summary').textContent = W.app.finishedCount(list.length);
  }

  /** The Recent games panel: each game's puzzle, size, level, moves, time and start, with Resume and Remove. */
  private async renderRecent(): Promise<void> {
    const list = await loadRecent().catch(() => []);
    const ul = this.q('#recent ul');
    ul.replaceChildren(
      ...list.map((r) => {
        const li = document.createElement('li');
        li.dataset.key = gameKey(r);
        const what = document.createElement('span');
        what.className = 'what';
        const size = sizeOf(r.puzzle)?.join('×') ?? '';
        const name = `${familyLabel(r.family)} ${size} · ${r.grade ? levelWord(r.grade.level) : UNGRADED}`;
        what.textContent = name;
        const moves = r.moves.filter((m) => m !== RESTART_MOVE).length;
        const meta = document.createElement('span');
        meta.className = 'meta';
        const started = new Date(r.startedAt);
        meta.textContent = W.app.recentMeta(
          moves,
          formatTime(r.elapsedMs),
          Number.isNaN(started.getTime()) ? '?' : started.toLocaleString(LANG, { dateStyle: 'short', timeStyle: 'short' }),
        );
        const act = (label: string, run: () => void): HTMLButtonElement => {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = label;
          b.setAttribute('aria-label', `${label} ${name}, ${meta.textContent}`);
          b.addEventListener('click', run);
          return b;
        };
        const resume = act(W.app.resume, () => {
          if (!this.busy) this.resume(r);
        });
        resume.className = 'primary';
        const remove = act(W.app.remove, () => void updateRecent((l) => removeRecent(l, gameKey(r))).then(() => this.renderRecent()));
        const acts = document.createElement('span');
        acts.className = 'acts';
        acts.append(resume, remove);
        li.append(what, meta, acts);
        return li;
      }),
    );
    this.q('#recent summary').textContent = W.app.recentCount(list.length);
    this.q('#recent').hidden = list.length === 0;
  }

  private tick(): void {
    const now = performance.now();
    const c = this.cur;
    if (c && c.finishedAt === null && !c.paused && document.visibilityState === 'visible' && !this.busy) c.elapsedMs += now - this.lastTick;
    this.lastTick = now;
    this.showTime();
    if (++this.ticks % 5 === 0 && c && c.finishedAt === null) void this.persist();
  }

  private showTime(): void {
    this.q('#timer').textContent = this.cur ? W.app.timer(formatTime(this.cur.elapsedMs)) : '';
  }

  private record(): SaveRecord {
    const c = this.cur!;
    const s = c.game.session;
    return {
      format: SAVE_FORMAT,
      family: c.info.family,
      puzzle: c.info.puzzle,
      shareId: c.info.shareId,
      version: c.info.version,
      provenance: c.info.provenance,
      verdict: c.info.verdict,
      grade: c.info.grade ? { level: c.info.grade.level, score: c.info.grade.score } : null,
      moves: [...s.moves],
      redo: [...s.redoMoves],
      marks: c.game.marks(),
      elapsedMs: Math.round(c.elapsedMs),
      checks: c.checks,
      mistakesFound: c.mistakesFound,
      hintsUsed: c.hintsUsed,
      startedAt: c.startedAt,
      finishedAt: c.finishedAt,
      ...(c.paused ? { paused: true } : {}),
    };
  }

  private async persist(): Promise<void> {
    if (!this.cur) return;
    try {
      await saveCurrent(this.record());
    } catch (e) {
      this.say(W.app.notSaved(String(e)));
    }
  }

  private say(text: string): void {
    // Codes are said in words where they arise; this guard keeps any that slip through off the page.
    this.q('#status').textContent = withoutCodes(text);
  }
}
