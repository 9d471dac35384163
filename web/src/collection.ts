/**
 * An imported file's puzzles, as a collection: the file is read and its puzzles counted in a worker of
 * their own (the game's worker stays free for checks and hints), one verdict at a time. The first
 * puzzle that fits plays as soon as the file is read (its verdict follows when it takes a moment); the
 * bar above the board says how far the checking is, and Stop ends it at once (terminating that worker).
 * Every puzzle of the file is listed with its verdict as it arrives, and can be played from the list.
 */
import { parseId } from '../../src/core/ids.ts';
import { RunnerError, type ImportEvent, type RunnerClient } from '../../src/runner/client.ts';
import type { PuzzleInfo, Request } from '../../src/runner/protocol.ts';
import { sizeProblem } from './views/index.ts';
import { afterColon, COLLECTION, plainError, ruleChoiceWords, shortVerdict, verdictWords, withoutCodes } from './words.ts';

/**
 * Files dropped anywhere on the page go to `onFiles`, as if chosen in the file picker together (a
 * board suite's `.puz` with its `.clue`); other drags are left alone.
 */
export function acceptDrops(target: EventTarget, onFiles: (files: File[]) => void): void {
  const hasFiles = (e: Event): boolean => (e as DragEvent).dataTransfer?.types.includes('Files') ?? false;
  target.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    (e as DragEvent).dataTransfer!.dropEffect = 'copy';
  });
  target.addEventListener('drop', (e) => {
    const files = [...((e as DragEvent).dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    e.preventDefault();
    onFiles(files);
  });
}

/** How long the first puzzle waits for its verdict before it plays without one (it follows). */
export const FIRST_WAIT_MS = 300;

/** What the collection asks of the shell. */
export interface CollectionHost {
  /** Plays one of the file's puzzles (its verdict may be pending); false when it was not shown (said). */
  play(info: PuzzleInfo, source: string): boolean;
  /** The descriptive id of the puzzle on screen, or null. */
  onScreen(): string | null;
  /** The puzzle on screen (`was`) is counted: `info` (under another Numberlink rule set, another id). */
  counted(was: string, info: PuzzleInfo): void;
  say(text: string): void;
  refuse(text: string): void;
  /** What the status line says now. */
  status(): string;
}

type ImportRequest = Extract<Request, { op: 'import' }>;

/** "15×10" from an id's params, or "" when it names no size. */
function sizeText(id: string): string {
  const r = parseId(id);
  const m = r.ok ? /^(\d{1,12})x(\d{1,12})/.exec(r.value.params) : null;
  return m ? `${m[1]}×${m[2]}` : '';
}

/** The Numberlink rule set an id names, or null. */
const ruleOf = (id: string): string | null => /^numberlink:\d{1,12}x\d{1,12}-([a-z0-9-]{1,12}):/.exec(id)?.[1] ?? null;

const problemOf = (p: PuzzleInfo): string | null => {
  const m = /^(\d{1,12})×(\d{1,12})$/.exec(sizeText(p.puzzle));
  return m ? sizeProblem(p.family, Number(m[1]), Number(m[2])) : null;
};

export class Collection {
  /** The bar that goes above the board: the checking's progress, Stop and Close. */
  readonly el: HTMLElement;
  /** The list of the file's puzzles, to go below the board. */
  readonly listEl: HTMLDetailsElement;
  private readonly line: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly stopBtn: HTMLButtonElement;
  private readonly list: HTMLOListElement;
  private readonly summary: HTMLElement;
  private client: RunnerClient | null = null;
  private name = '';
  private request: ImportRequest | null = null;
  private entries: PuzzleInfo[] = [];
  private problems: (string | null)[] = [];
  private rows: HTMLLIElement[] = [];
  private checked = 0;
  private running = false;
  /** The index of the puzzle last played from this file (a file may hold one puzzle twice). */
  private playing = -1;
  /** Bumped by every start: the events of an earlier import are ignored. */
  private token = 0;

  constructor(
    private readonly host: CollectionHost,
    private readonly makeClient: () => RunnerClient,
  ) {
    this.el = document.createElement('section');
    this.el.id = 'collection';
    this.el.hidden = true;
    this.el.setAttribute('aria-label', COLLECTION.bar);
    const bar = document.createElement('div');
    bar.className = 'collection-bar';
    this.line = document.createElement('span');
    this.line.id = 'collection-status';
    this.line.setAttribute('role', 'status');
    this.bar = document.createElement('progress');
    this.bar.id = 'collection-progress';
    this.bar.setAttribute('aria-label', COLLECTION.progressLabel);
    this.stopBtn = document.createElement('button');
    this.stopBtn.type = 'button';
    this.stopBtn.id = 'collection-stop';
    this.stopBtn.textContent = COLLECTION.stop;
    this.stopBtn.addEventListener('click', () => this.stop());
    const close = document.createElement('button');
    close.type = 'button';
    close.id = 'collection-close';
    close.textContent = COLLECTION.close;
    close.addEventListener('click', () => this.close());
    bar.append(this.line, this.bar, this.stopBtn, close);
    this.el.append(bar);
    this.listEl = document.createElement('details');
    this.listEl.id = 'collection-list';
    this.listEl.hidden = true;
    this.summary = document.createElement('summary');
    this.list = document.createElement('ol');
    this.listEl.append(this.summary, this.list);
  }

  private setShown(on: boolean): void {
    this.el.hidden = !on;
    this.listEl.hidden = !on;
  }

  /** Reads and checks a file (an import request); the first puzzle that fits plays once the file is read. */
  start(name: string, request: Omit<ImportRequest, 'stream'>): void {
    this.halt();
    const token = ++this.token;
    this.name = name;
    this.request = { ...request, stream: true };
    this.entries = [];
    this.problems = [];
    this.rows = [];
    this.checked = 0;
    this.playing = -1;
    this.list.replaceChildren();
    this.summary.textContent = COLLECTION.list(name, 0);
    this.setShown(true);
    this.el.querySelector<HTMLElement>('#collection-close')!.setAttribute('aria-label', COLLECTION.closeLabel(name));
    this.line.textContent = COLLECTION.reading(name);
    this.bar.removeAttribute('value');
    this.setRunning(true);
    let first = -1;
    let firstShown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showFirst = (): void => {
      if (firstShown || token !== this.token) return;
      firstShown = true;
      clearTimeout(timer);
      this.playFirst(first);
    };
    const client = (this.client ??= this.makeClient());
    const onEvent = (e: ImportEvent): void => {
      if (token !== this.token) return;
      if (e.type === 'listed') {
        this.listed(e.puzzles);
        first = this.problems.indexOf(null);
        if (first < 0) {
          const refused = this.problems.filter((p) => p !== null);
          this.host.refuse(COLLECTION.noneFits(name, refused[0] ?? '', refused.length));
        } else timer = setTimeout(showFirst, FIRST_WAIT_MS);
        return;
      }
      const was = this.entries[e.index];
      this.entries[e.index] = e.info;
      this.checked++;
      this.renderRow(e.index);
      this.showProgress();
      if (e.index === first && !firstShown) showFirst();
      else if (e.index === this.playing && this.host.onScreen() === was.puzzle) {
        this.host.counted(was.puzzle, e.info);
        this.host.say(COLLECTION.countedK(e.index, verdictWords(e.info), ruleChoiceWords(e.info)));
      }
    };
    client.request(this.request, undefined, onEvent).then(
      (a) => {
        if (token !== this.token || a.op !== 'import') return;
        clearTimeout(timer);
        this.setRunning(false);
        if (a.puzzles.length === 0) {
          this.setShown(false);
          this.host.say(COLLECTION.empty(name));
          return;
        }
        if (!firstShown && first >= 0) showFirst();
        // A file of one puzzle needs no list once it is checked: its verdict is beside the board.
        if (this.entries.length === 1) {
          this.setShown(false);
          return;
        }
        const counts: Record<string, number> = {};
        for (const p of this.entries) {
          const k = p.unchecked ?? p.verdict;
          counts[k] = (counts[k] ?? 0) + 1;
        }
        this.line.textContent = COLLECTION.finished(name, counts, this.entries.length);
      },
      (e: unknown) => {
        if (token !== this.token) return;
        clearTimeout(timer);
        this.setRunning(false);
        const code = e instanceof RunnerError ? e.code : undefined;
        if (code === 'ERR_CANCELLED') {
          this.line.textContent = COLLECTION.stopped(name, this.checked, this.countable());
          this.afterStop();
          return;
        }
        const why = afterColon(plainError(e instanceof Error ? e.message : String(e), code));
        if (this.entries.length === 0) {
          // The file itself could not be read: nothing to list.
          this.setShown(false);
          this.host.refuse(COLLECTION.unreadable(name, why));
          return;
        }
        this.line.textContent = withoutCodes(COLLECTION.failed(name, why.replace(/\.$/, '')));
        if (!firstShown && first >= 0) showFirst();
        this.afterStop();
      },
    );
  }

  /**
   * Counts one imported puzzle (a resumed game saved undecided) in a worker of its own, apart from any
   * file being checked; the shell hears its verdict if it is still on screen.
   */
  checkAlone(info: PuzzleInfo): void {
    const client = this.makeClient();
    client
      .request({ op: 'import', family: info.family, text: `${info.puzzle}\n` })
      .then(
        (a) => {
          if (a.op === 'import' && a.puzzles.length === 1 && this.host.onScreen() === info.puzzle) this.host.counted(info.puzzle, a.puzzles[0]);
        },
        () => {},
      )
      .finally(() => client.dispose());
  }

  /** Stops the checking at once (the file's worker is terminated; the list stays, to play from). */
  stop(): void {
    if (!this.running) return;
    this.client?.cancel();
  }

  /** Stops the checking and takes the list away. */
  close(): void {
    this.halt();
    this.token++;
    this.setShown(false);
  }

  private halt(): void {
    if (this.running) this.client?.cancel();
    this.setRunning(false);
  }

  /** The checking ended early: the rows not reached say so, and the puzzle on screen, if not reached, is counted alone. */
  private afterStop(): void {
    this.entries.forEach((p, k) => {
      if (p.unchecked === 'pending') this.renderRow(k);
    });
    if (this.playing >= 0 && this.entries[this.playing]?.unchecked === 'pending') void this.countAlone(this.playing);
  }

  private setRunning(on: boolean): void {
    this.running = on;
    this.stopBtn.hidden = !on;
    this.bar.hidden = !on;
  }

  /** How many of the file's puzzles are checked at all (those the player can show). */
  private countable(): number {
    return this.problems.filter((p) => p === null).length;
  }

  private showProgress(): void {
    const total = this.countable();
    this.line.textContent = COLLECTION.progress(this.name, this.checked, total);
    this.bar.max = Math.max(1, total);
    this.bar.value = this.checked;
  }

  private listed(puzzles: PuzzleInfo[]): void {
    this.entries = [...puzzles];
    this.problems = puzzles.map((p) =>
      p.unchecked === 'pending' ? problemOf(p) : (problemOf(p) ?? shortVerdict({ verdict: 'none', unchecked: 'too-large' })),
    );
    this.rows = puzzles.map((_, k) => {
      const li = document.createElement('li');
      li.dataset.index = String(k);
      return li;
    });
    for (let k = 0; k < this.rows.length; k++) this.renderRow(k);
    this.list.replaceChildren(...this.rows);
    this.summary.textContent = COLLECTION.list(this.name, puzzles.length);
    this.showProgress();
  }

  private renderRow(k: number): void {
    const li = this.rows[k];
    const p = this.entries[k];
    const problem = this.problems[k];
    li.dataset.verdict = p.unchecked ?? p.verdict;
    const text = document.createElement('span');
    const verdict = problem ?? (p.unchecked === 'pending' && !this.running ? COLLECTION.notReached : shortVerdict(p));
    text.textContent = COLLECTION.row(k, sizeText(p.puzzle), verdict, p.family === 'numberlink' && p.unchecked !== 'pending' ? ruleOf(p.puzzle) : null);
    li.replaceChildren(text);
    if (problem !== null) return;
    const play = document.createElement('button');
    play.type = 'button';
    play.textContent = COLLECTION.play;
    play.setAttribute('aria-label', COLLECTION.playLabel(k, this.name));
    play.addEventListener('click', () => this.playIndex(k));
    li.append(play);
    if (k === this.playing) li.setAttribute('aria-current', 'true');
  }

  private markPlaying(): void {
    this.rows.forEach((li, k) => {
      if (k === this.playing) li.setAttribute('aria-current', 'true');
      else li.removeAttribute('aria-current');
    });
  }

  private playFirst(k: number): void {
    if (!this.host.play(this.entries[k], this.name)) return;
    this.playing = k;
    this.markPlaying();
    const greeting = this.host.status();
    const refused = this.problems.filter((p) => p !== null);
    const fits = this.countable();
    if (refused.length > 0) {
      this.host.say(`${COLLECTION.someRefused(this.name, this.entries.length, refused[0] ?? '', refused.length, fits)} ${greeting}`);
    } else if (fits > 1) this.host.say(`${COLLECTION.holds(this.name, fits)} ${greeting}`);
  }

  /** Plays puzzle k from the list; one not yet counted, once the checking has stopped, is counted alone. */
  private playIndex(k: number): void {
    const p = this.entries[k];
    if (!this.host.play(p, this.name)) return;
    this.playing = k;
    this.markPlaying();
    this.host.say(`${COLLECTION.playingK(k, this.name)} ${this.host.status()}`);
    if (p.unchecked === 'pending' && !this.running && this.request) void this.countAlone(k);
  }

  private async countAlone(k: number): Promise<void> {
    const p = this.entries[k];
    const token = this.token;
    const client = (this.client ??= this.makeClient());
    this.setRunning(true);
    const a = await client.request({ ...this.request!, text: `${p.puzzle}\n`, filename: undefined, beside: undefined, stream: false }).catch(() => null);
    if (token !== this.token) return;
    this.setRunning(false);
    if (a?.op !== 'import' || a.puzzles.length !== 1) return;
    this.entries[k] = a.puzzles[0];
    this.checked++;
    this.renderRow(k);
    this.line.textContent = COLLECTION.progress(this.name, this.checked, this.countable());
    if (k === this.playing && this.host.onScreen() === p.puzzle) {
      this.host.counted(p.puzzle, a.puzzles[0]);
      this.host.say(COLLECTION.countedK(k, verdictWords(a.puzzles[0]), ruleChoiceWords(a.puzzles[0])));
      this.markPlaying();
    }
  }
}
