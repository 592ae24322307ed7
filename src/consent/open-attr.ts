/** The attribute of the footer's button that opens the consent banner again, at any time. */
export const CONSENT_OPEN_ATTR = 'data-consent-open';
