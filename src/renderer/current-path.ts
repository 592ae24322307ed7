import { createContext, useContext } from 'react';

/** The path of the page being rendered: set by the prerenderer and by each island from its props. */
export const CurrentPathContext = createContext('');

export const useCurrentPath = () => useContext(CurrentPathContext);
