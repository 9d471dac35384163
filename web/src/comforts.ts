/**
 * The comforts' pieces of page, kept out of the shell's game logic: the settings panel (a modal
 * dialog over the page, opened from the game bar on a desktop and from the menu on a phone), the
 * pause cover that takes the board's place, and the short completion animation.
 */
import { PHONE_QUERY } from './layout.ts';
import { onSettings, settings, updateSettings, type MistakesMode } from './settings.ts';
import { W } from './words.ts';

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};

/** A checkbox setting with its note under it. */
function checkbox(id: string, label: string, note: string, value: boolean, set: (on: boolean) => void): { row: HTMLElement; input: HTMLInputElement } {
  const input = el('input', { type: 'checkbox', id, checked: value });
  input.setAttribute('aria-describedby', `${id}-note`);
  input.addEventListener('change', () => set(input.checked));
  const row = el('div', { className: 'setting' }, el('label', {}, input, ` ${label}`), el('p', { className: 'note', id: `${id}-note` }, note));
  return { row, input };
}

/**
 * The settings button and its dialog. The button goes into the game bar on a wide screen and into
 * the menu (with the new-puzzle controls) on a phone; the dialog is the page's top layer, so it
 * opens on screen wherever the page is scrolled, holds the keyboard focus, and Escape closes it.
 */
export class SettingsPanel {
  readonly button: HTMLButtonElement;
  readonly dialog: HTMLDialogElement;

  constructor(root: HTMLElement) {
    const w = W.comforts;
    this.button = el('button', { type: 'button', id: 'settings-btn', textContent: `⚙ ${w.settings}` });
    this.button.setAttribute('aria-haspopup', 'dialog');
    this.button.setAttribute('aria-label', w.settingsLabel);
    const s = settings();
    const timer = checkbox('set-hide-timer', w.hideTimer, w.hideTimerNote, s.hideTimer, (on) => updateSettings({ hideTimer: on }));
    const cross = checkbox('set-auto-cross', w.autoCross, w.autoCrossNote, s.autoCross, (on) => updateSettings({ autoCross: on }));
    const radio = (mode: MistakesMode, label: string): HTMLLabelElement => {
      const input = el('input', { type: 'radio', name: 'set-mistakes', value: mode, id: `set-mistakes-${mode}`, checked: s.mistakes === mode });
      input.addEventListener('change', () => input.checked && updateSettings({ mistakes: mode }));
      return el('label', {}, input, ` ${label}`);
    };
    const mistakes = el(
      'fieldset',
      { className: 'setting' },
      el('legend', {}, w.mistakes),
      radio('at-once', w.mistakesAtOnce),
      radio('on-check', w.mistakesOnCheck),
      el('p', { className: 'note', id: 'set-mistakes-note' }, w.mistakesNote),
    );
    mistakes.setAttribute('aria-describedby', 'set-mistakes-note');
    const close = el('button', { type: 'button', id: 'settings-close', className: 'primary', textContent: w.close });
    this.dialog = el(
      'dialog',
      { id: 'settings', className: 'settings' },
      el('h2', { id: 'settings-title' }, w.settings),
      timer.row,
      mistakes,
      cross.row,
      el('p', { className: 'note' }, w.settingsNote),
      close,
    );
    this.dialog.setAttribute('aria-labelledby', 'settings-title');
    close.addEventListener('click', () => this.dialog.close());
    // A click on the backdrop (outside the dialog's box) closes it too.
    this.dialog.addEventListener('click', (e) => {
      if (e.target !== this.dialog) return;
      const r = this.dialog.getBoundingClientRect();
      if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) this.dialog.close();
    });
    // Focus goes back to the button that opened it.
    this.dialog.addEventListener('close', () => this.button.focus());
    this.button.addEventListener('click', () => this.open());
    // Settings changed elsewhere (another panel, a test) show here too.
    onSettings((now) => {
      timer.input.checked = now.hideTimer;
      cross.input.checked = now.autoCross;
      for (const r of this.dialog.querySelectorAll<HTMLInputElement>('input[name="set-mistakes"]')) r.checked = r.value === now.mistakes;
    });
    root.append(this.dialog);
    const phone = matchMedia(PHONE_QUERY);
    const place = (): void => {
      const home = root.querySelector(phone.matches ? '.controls' : '.gamebar');
      const before = phone.matches ? null : root.querySelector('.gamebar .viewbar');
      if (home) home.insertBefore(this.button, before && before.parentElement === home ? before : null);
    };
    place();
    phone.addEventListener('change', place);
  }

  open(): void {
    if (!this.dialog.open) this.dialog.showModal();
  }
}

/** The pause cover: takes the board's place while the game is paused, with its Resume button. */
export class PauseCover {
  readonly el: HTMLElement;
  readonly resume: HTMLButtonElement;

  constructor(onResume: () => void) {
    const w = W.comforts;
    this.resume = el('button', { type: 'button', id: 'resume', className: 'primary', textContent: w.resume });
    this.resume.addEventListener('click', onResume);
    this.el = el(
      'section',
      { id: 'paused', className: 'paused', hidden: true },
      el('h2', { id: 'paused-title' }, w.pausedTitle),
      el('p', {}, w.pausedNote),
      this.resume,
    );
    this.el.setAttribute('aria-labelledby', 'paused-title');
  }
}

/** The completion animation on the board (style.css's `.celebrate`; none under prefers-reduced-motion). */
export function celebrate(stage: HTMLElement): void {
  stage.classList.remove('celebrate');
  // Restarting the animation needs a style flush between the class going and coming back.
  void stage.offsetWidth;
  stage.classList.add('celebrate');
  setTimeout(() => stage.classList.remove('celebrate'), CELEBRATE_MS);
}

/** How long the board keeps its `.celebrate` class (the animation itself is shorter). */
export const CELEBRATE_MS = 1600;
