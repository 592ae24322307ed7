import type { JsonSource } from '../source-map.ts';
import type { Reference } from '../schemas.ts';
import type { SiteFiles } from '../site-files.ts';
import type { SiteConfig } from '../../site/schema-types.ts';
import type { CodedMessage } from '../problem-catalog.ts';

/** A value an annotation keyword (x-link, x-asset, x-ref) saw in a file that passed its schema at that pointer. */
export interface FileReference {
  file: string;
  ref: Reference;
}

export interface RuleContext {
  /** site.config.json; every part a rule `needs` is schema-valid, the rest may be anything */
  site: SiteConfig;
  /** every parsed file by its site-relative path */
  sources: ReadonlyMap<string, JsonSource>;
  files: SiteFiles;
  references: readonly FileReference[];
  /** Memoised values derived from the config, shared by rules (the route table is built once, not once per rule). */
  shared<T>(key: string, make: () => T): T;
  /**
   * A problem of the catalog (`coded(code, params)`, problem-catalog.ts) at a pointer; `key`: it is about that
   * property name (an unknown key), not about its value
   */
  report(file: string, pointer: string, problem: CodedMessage, key?: string): void;
}

/**
 * One cross-file check, modelled on ESLint's rule modules: a name to find it by, a
 * description, the parts of site.config.json it reads, and a check that reports.
 */
export interface Rule {
  name: string;
  description: string;
  /**
   * JSON pointers into site.config.json that must have passed their schema. When one
   * failed, the rule does not run: its data is not what the types promise, and the
   * mistake has already been reported once.
   */
  needs: readonly string[];
  /**
   * Everything the check reads, as the objects the validation parsed: a validation that keeps the files it checked
   * (`checked`) hands an unchanged file's same object again, so when every input is the same object as at the last
   * run, that run's problems are the answer and the check is not run (an edit of a page does not check again the
   * 10,000 routes the site config makes). Without it, the rule runs every time.
   */
  inputs?(context: RuleContext): readonly unknown[];
  check(context: RuleContext): void;
}
