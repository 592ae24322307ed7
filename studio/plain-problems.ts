import type { Problem } from './api.ts';

/** A problem of the site in plain words, in the site's language (being built: for now the validator's own words). */
export function plainProblem(problem: Pick<Problem, 'message' | 'pointer'>, _lang: string): string {
  return problem.message;
}
