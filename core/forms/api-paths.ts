/** Paths the API answers (leads, local mail, local photos); the static files never do, whatever dist/ holds. */
export const API_PATHS = /^\/(?:api|3|uploads)(?:\/|$)/;
