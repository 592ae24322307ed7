import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Each file of the dom project starts as on a fresh page: the window is shared by the files of one worker
// (isolate: false in vite.config.ts), so what a file before it left in the document or storage is cleared here.
document.head.innerHTML = '';
document.body.innerHTML = '';
document.documentElement.removeAttribute('class');
sessionStorage.clear();
localStorage.clear();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
