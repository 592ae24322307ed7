import { useState } from 'react';
import type { EditOp } from '../../core/edit/ops.ts';
import { slugify } from '../../core/site/resolve.ts';
import { api, type Problem, type SiteFile } from './files/api.ts';
import { plainProblem, reservedRouteText } from './problems/plain-problems.ts';
import { studioTexts, type StudioTexts } from './texts.ts';

interface ProblemsPanelProps {
  lang: string;
  problems: Problem[];
  /** the landing guard's warnings: listed apart, below the problems, and never counted as one */
  warnings: Problem[];
  files: SiteFile[];
  siteRoot: string;
  /** where a problem is, in words ("Home › blok 1 (Hero) › Kop") */
  where: (problem: Problem) => string;
  /** a file's name for a person */
  nameOf: (path: string) => string;
  show: (problem: Problem) => void;
}

/**
 * Every problem of the whole site in plain words, each with where it is (a link that shows its field), and, for a
 * developer, a link that opens it in the code editor.
 */
export function ProblemsPanel({ lang, problems, warnings, files, siteRoot, where, nameOf, show }: ProblemsPanelProps) {
  const t = studioTexts(lang);
  const broken = files.filter((f) => f.parseError && !problems.some((p) => p.file === f.path));
  const count = problems.length + broken.length;
  return (
    <section className="panel" aria-labelledby="problems-heading">
      <h2 id="problems-heading">
        {t.problems} <span className="count">{count}</span>
      </h2>
      {count === 0 ? <p className="ok">{t.siteOk}</p> : null}
      <ul className="problems">
        {broken.map((f) => (
          <li key={f.path}>
            {t.brokenFile(nameOf(f.path))}
            <Detail t={t} text={`${f.path}: ${f.parseError}`} />
          </li>
        ))}
        {problems.map((p, i) => (
          <ProblemItem key={`${p.file}:${p.line}:${p.column}:${i}`} problem={p} {...{ t, lang, siteRoot, where, show }} />
        ))}
      </ul>
      {warnings.length > 0 ? (
        <>
          <h3 id="warnings-heading">
            {t.warnings} <span className="count">{warnings.length}</span>
          </h3>
          <p className="hint">{t.warningsHint}</p>
          <ul className="problems warnings" aria-labelledby="warnings-heading">
            {warnings.map((p, i) => (
              <ProblemItem key={`${p.file}:${p.pointer}:${i}`} problem={p} {...{ t, lang, siteRoot, where, show }} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

interface ProblemItemProps {
  problem: Problem;
  t: StudioTexts;
  lang: string;
  siteRoot: string;
  where: (problem: Problem) => string;
  show: (problem: Problem) => void;
}

/** One problem: where it is (a link that shows its field), in plain words, and a developer's link to its line. */
function ProblemItem({ problem: p, t, lang, siteRoot, where, show }: ProblemItemProps) {
  return (
    <li>
      <button type="button" className="link" onClick={() => show(p)}>
        {where(p)}
      </button>
      : {plainProblem(p, lang)}{' '}
      <button type="button" className="link developer" onClick={() => void api.openInEditor(`${siteRoot.replace(/\/$/, '')}/${p.file}`, p.line, p.column)}>
        {t.openInEditor}
      </button>
    </li>
  );
}

/** What a developer needs to repair a file (its path and the parser's words), folded away. */
export function Detail({ t, text }: { t: StudioTexts; text: string }) {
  return (
    <details className="detail">
      <summary>{t.forDeveloper}</summary>
      <code>{text}</code>
    </details>
  );
}

/** A service of the landing matrix: its name, and the title and description every city's page fills in. */
function NewService({
  t,
  taken,
  add,
}: {
  t: StudioTexts;
  taken: string[];
  add: (service: { slug: string; name: string; title: string; description: string }) => void;
}) {
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const slug = slugify(name);
  const exists = taken.includes(slug);
  const ready = slug !== '' && !exists && title.trim() !== '' && description.trim() !== '';
  // the browser says which field is still empty (required); a taken name is said in the hint
  return (
    <form
      className="stacked-form"
      aria-labelledby="new-service-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        add({ slug, name: name.trim(), title: title.trim(), description: description.trim() });
        setName('');
        setTitle('');
        setDescription('');
      }}
    >
      <h3 id="new-service-heading">{t.newService}</h3>
      <label htmlFor="new-service-name">{t.serviceName}</label>
      <input
        id="new-service-name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={t.servicePlaceholder}
        aria-describedby="new-service-path"
      />
      <p id="new-service-path" className="hint">
        {slug ? (exists ? t.serviceTaken(slug) : t.serviceRoutes(slug)) : t.serviceHint}
      </p>
      <label htmlFor="new-service-title">{t.serviceTitle}</label>
      <input id="new-service-title" required value={title} onChange={(e) => setTitle(e.target.value)} placeholder={t.serviceTitlePlaceholder} />
      <label htmlFor="new-service-description">{t.serviceDescription}</label>
      <textarea id="new-service-description" required rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      <button type="submit" disabled={exists}>
        {t.addService}
      </button>
    </form>
  );
}

/** The landing matrix: type a city's name or describe a service to add it, and see every route the site has now. */
export function LandingPanel({
  lang,
  cities,
  services,
  routes,
  edit,
  preview,
}: {
  lang: string;
  cities: string[];
  services: string[];
  routes: string[];
  edit: (op: EditOp) => void;
  preview: (route: string) => void;
}) {
  const t = studioTexts(lang);
  const [city, setCity] = useState('');
  const add = () => {
    const name = city.trim();
    if (name === '' || cities.includes(name)) return;
    edit({ op: 'insert', path: ['landing', 'cities'], index: cities.length, value: name });
    setCity('');
  };
  return (
    <section className="panel" aria-labelledby="landing-heading">
      <h2 id="landing-heading">{t.landing}</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor="new-city">{t.newCity}</label>
        <input id="new-city" value={city} onChange={(e) => setCity(e.target.value)} placeholder={t.cityPlaceholder} />
        <button type="submit">{t.addCity}</button>
      </form>
      <NewService t={t} taken={services} add={(service) => edit({ op: 'insert', path: ['landing', 'services'], index: services.length, value: service })} />
      <p>{t.counts(cities.length, services.length, routes.length)}</p>
      {/* an explicit role: a list styled without bullets keeps its semantics in every screen reader */}
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul className="routes" aria-label={t.routes} role="list">
        {routes.map((route) => (
          <li key={route}>
            <button type="button" className="link" onClick={() => preview(route)}>
              {route}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A new page: its file in content/pages/ and its route in site.config.json. */
export function NewPage({
  lang,
  exists,
  create,
}: {
  lang: string;
  exists: (id: string) => boolean;
  create: (id: string, path: string, title: string) => Promise<void>;
}) {
  const t = studioTexts(lang);
  const [title, setTitle] = useState('');
  const id = slugify(title);
  const taken = id !== '' && exists(id);
  // an address the build or the server keeps (/api, /healthz, /404): refused before the page is made
  const reserved = id === '' ? undefined : reservedRouteText(`/${id}`, lang);
  return (
    <form
      className="new-page"
      onSubmit={(e) => {
        e.preventDefault();
        if (id === '' || taken || reserved) return;
        void create(id, `/${id}`, title.trim()).then(() => setTitle(''));
      }}
    >
      <label htmlFor="new-page-title">{t.newPageTitle}</label>
      <input id="new-page-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-describedby="new-page-path" />
      <p id="new-page-path" className="hint">
        {id ? (taken ? t.newPageTaken(id) : (reserved ?? t.newPageAt(`/${id}`))) : t.newPageHint}
      </p>
      <button type="submit" disabled={id === '' || taken || reserved !== undefined}>
        {t.addPage}
      </button>
    </form>
  );
}
