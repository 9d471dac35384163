import { App } from './app.ts';
import { createEngine } from './engine.ts';
import { startLanguage } from './i18n.ts';
import { startOffline } from './offline.ts';

// The language first: everything drawn after this is in it.
startLanguage();
const root = document.getElementById('app');
if (root) {
  const app = new App(root, createEngine(), createEngine);
  void app.start();
}
startOffline();
