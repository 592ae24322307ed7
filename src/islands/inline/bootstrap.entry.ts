import { runBootstrap } from './bootstrap.ts';

// the inline script's own element carries the runtime's URL and the reveal time
runBootstrap(document.currentScript!, document);
