/**
 * The player's language: English or Spanish, chosen from the browser (`navigator.languages`: the first
 * `es` or `es-*` before any `en` gives Spanish, else English), kept in localStorage when the player
 * picks one with the switch, and set on `<html lang>`. The words themselves live in words.ts (English)
 * and words-es.ts (Spanish); switching reloads the page, which redraws every text in the new language
 * (the game on screen is saved on the way, as on any reload).
 */
import { isLang, LANGS, type Lang, pickLanguage, setWordsLanguage, W, wordsOf } from './words.ts';

/** The localStorage key of a language the player picked. */
export const LANG_KEY = 'proofgrid-lang';

function stored(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

/** Chooses the language before anything is drawn: the words, `<html lang>` and the page's title. */
export function startLanguage(): Lang {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const lang = pickLanguage(browser, stored());
  setWordsLanguage(lang);
  document.documentElement.lang = lang;
  // index.html's own title is the English one (a deployment may change it there): only other languages replace it.
  if (lang !== 'en') document.title = W.app.title;
  return lang;
}

/**
 * The visible switch: a picker naming each language in itself ("English", "Español"); a pick is kept,
 * the game on screen is saved (`beforeReload`), and the page reloads in the new language.
 */
export function languageSwitch(current: Lang, beforeReload: () => Promise<void>): HTMLLabelElement {
  const label = document.createElement('label');
  label.className = 'lang';
  const select = document.createElement('select');
  select.id = 'lang';
  for (const l of LANGS) {
    const o = new Option(wordsOf(l).name, l, l === current, l === current);
    o.lang = l;
    select.add(o);
  }
  label.append(`${W.switchLabel} `, select);
  select.addEventListener('change', () => {
    if (!isLang(select.value)) return;
    try {
      localStorage.setItem(LANG_KEY, select.value);
    } catch {
      // Storage refused: the language still changes for this visit.
    }
    select.disabled = true;
    void beforeReload().finally(() => location.reload());
  });
  return label;
}
