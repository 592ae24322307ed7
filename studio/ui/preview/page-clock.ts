/**
 * Now, in ms since the epoch as a page's `performance.timeOrigin` says when it was asked for (the previews compare
 * the two): the clock Date.now() reads may be some ms apart from it.
 */
export const pageClock = () => performance.timeOrigin + performance.now();
