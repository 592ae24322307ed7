import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteFile, StudioState } from './api.ts';
import { History } from './history.ts';

const storageKey = (state: StudioState) => `studio-history:${state.siteRoot}`;

/**
 * The undo history, kept in the tab's storage so that it survives a reload of the studio: brought back once the
 * site is loaded, with only the steps that still fit the files as they are (never an undo over an unseen change).
 */
export function useHistory(state: StudioState | undefined) {
  const history = useRef(new History());
  const [can, setCan] = useState({ undo: false, redo: false });
  useEffect(() => {
    if (!state) return;
    const versions = Object.fromEntries(state.files.map((f: SiteFile) => [f.path, f.hash]));
    history.current = History.load(sessionStorage.getItem(storageKey(state)), versions);
    setCan({ undo: history.current.canUndo, redo: history.current.canRedo });
  }, [state]);
  /** after each change of the history: the buttons, and the copy in storage */
  const changed = useCallback(() => {
    setCan({ undo: history.current.canUndo, redo: history.current.canRedo });
    if (!state) return;
    try {
      sessionStorage.setItem(storageKey(state), history.current.save());
    } catch {
      // storage full: the history still works until the next reload
    }
  }, [state]);
  return { history, can, changed };
}
