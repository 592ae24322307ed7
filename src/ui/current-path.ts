import { createContext, useContext } from 'react';

/**
 * The path of the page being rendered, for the links that mark the current page (aria-current). Islands
 * have none: their links are plain links to the next page.
 */
export const CurrentPathContext = createContext<string | null>(null);

export const useCurrentPath = () => useContext(CurrentPathContext);

/** "/diensten/" and "/diensten" are one page. */
export const samePath = (a: string, b: string) => a.replace(/(.)\/+$/, '$1') === b.replace(/(.)\/+$/, '$1');
