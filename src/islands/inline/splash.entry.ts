import { runSplash } from './splash.ts';
import { noteSource } from '../../site/lead-source.ts';

runSplash(document);
try {
  noteSource(location, document.referrer, sessionStorage);
} catch {
  // no storage: the visit's source is not noted, and its lead says nothing of it
}
