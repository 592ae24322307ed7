import { runLanding } from './landing.ts';

runLanding(document.currentScript!, document);
