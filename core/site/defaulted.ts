/**
 * A config object after the build filled in its schema's `default`s
 * (scripts/lib/schema-defaults.ts): keys K are always present. The generated
 * types keep them optional because a content file may leave them out.
 */
export type Defaulted<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };
