/**
 * The rule-set picker of an imported Numberlink puzzle: files carry no rule set, so the import counts the
 * puzzle under each in turn (strict, then no-2x2, then no-touch) and plays it under the first that makes
 * it unique; the picker names that choice, each rule set's verdict when known, and lets the player
 * choose another (the shell counts the puzzle under it and keeps the paths drawn).
 */
import type { PuzzleInfo } from '../../src/runner/protocol.ts';
import { RULE_PICK } from './words.ts';

const RULE_ORDER = ['strict', 'no-2x2', 'no-touch'] as const;
const RULE_IN_ID = /^numberlink:\d{1,12}x\d{1,12}-(strict|no-2x2|no-touch):/;

export class RulePicker {
  readonly el: HTMLLabelElement;
  private readonly select: HTMLSelectElement;

  constructor(onChange: (rule: string) => void) {
    this.el = document.createElement('label');
    this.el.id = 'rule-pick';
    this.el.className = 'opt';
    this.el.hidden = true;
    this.el.title = RULE_PICK.title;
    this.select = document.createElement('select');
    this.select.id = 'rule-set';
    this.el.append(`${RULE_PICK.label} `, this.select);
    this.select.addEventListener('change', () => onChange(this.select.value));
  }

  /** Shown for an imported Numberlink puzzle (null or any other puzzle hides it). */
  show(info: PuzzleInfo | null): void {
    const m = info && info.family === 'numberlink' && info.provenance === 'imported' ? RULE_IN_ID.exec(info.puzzle) : null;
    this.el.hidden = m === null;
    if (!info || !m) return;
    const known = new Map((info.rules ?? []).map((t) => [t.rule, t.verdict]));
    this.select.replaceChildren(...RULE_ORDER.map((r) => new Option(RULE_PICK.option(r, known.get(r)), r, r === m[1], r === m[1])));
    this.select.dataset.rule = m[1];
  }
}
