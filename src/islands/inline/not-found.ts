import { NOT_FOUND_ATTR } from '../../../core/islands/attributes.ts';
import type { Navigation } from './landing.ts';

/** The 404 page: unknown paths send the visitor to the script's data-to (else the home page), replacing the history entry. */
export function runNotFound(script: Pick<Element, 'getAttribute'>, nav: Pick<Navigation, 'replace'> = location): void {
  nav.replace(script.getAttribute(NOT_FOUND_ATTR.to) || '/');
}
