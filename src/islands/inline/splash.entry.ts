import { runSplash } from './splash.ts';

runSplash(document);
