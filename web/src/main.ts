import { App } from './app.ts';
import { createEngine } from './engine.ts';
import { startOffline } from './offline.ts';

const root = document.getElementById('app');
if (root) {
  const app = new App(root, createEngine(), createEngine);
  void app.start();
}
startOffline();
