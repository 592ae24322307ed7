/** An address that already has an account: `staff add` says so instead of making a second one. */
export class StaffExistsError extends Error {}
