import { createContext } from 'react';

/**
 * Called when a visitor shows intent to follow an internal link (hover, focus,
 * touch), so the app can fetch that page's data before the click. A no-op by default.
 */
export const LinkIntentContext = createContext<(path: string) => void>(() => {});
