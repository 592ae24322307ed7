import { useState } from 'react';
import type { EditOp } from '../core/edit/ops.ts';
import { slugify } from '../core/site/resolve.ts';
import { api, type Problem, type SiteFile } from './api.ts';

/** Every problem of the whole site, each with file:line, a link that shows it, and one that opens it in the editor. */
export function ProblemsPanel({ problems, files, siteRoot, show }: { problems: Problem[]; files: SiteFile[]; siteRoot: string; show: (p: Problem) => void }) {
  const broken = files.filter((f) => f.parseError && !problems.some((p) => p.file === f.path));
  const count = problems.length + broken.length;
  return (
    <section className="panel" aria-labelledby="problems-heading">
      <h2 id="problems-heading">
        Problems <span className="count">{count}</span>
      </h2>
      {count === 0 ? <p className="ok">The site is valid.</p> : null}
      <ul className="problems">
        {broken.map((f) => (
          <li key={f.path}>
            <code>{f.path}</code> cannot be read as JSON: {f.parseError}. Fix it in your editor; the studio edits it again once it parses.
          </li>
        ))}
        {problems.map((p, i) => (
          <li key={`${p.file}:${p.line}:${p.column}:${i}`}>
            <button type="button" className="link" onClick={() => show(p)}>
              {p.file}:{p.line}:{p.column}
            </button>{' '}
            <span className="pointer">{p.pointer || '/'}</span> {p.message}{' '}
            <button type="button" className="link" onClick={() => void api.openInEditor(`${siteRoot.replace(/\/$/, '')}/${p.file}`, p.line, p.column)}>
              open in editor
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The files changed and their exact diff against git (the studio never commits). */
export function ChangesPanel() {
  const [diff, setDiff] = useState<{ diff: string | null; untracked: string[] } | undefined>();
  const load = () => void api.diff().then(setDiff);
  const files = diff?.diff ? [...diff.diff.matchAll(/^diff --git a\/(\S+)/gm)].map((m) => m[1]!) : [];
  return (
    <section className="panel" aria-labelledby="changes-heading">
      <h2 id="changes-heading">Changes</h2>
      <button type="button" onClick={load}>
        {diff ? 'Refresh the diff' : 'Show the diff against git'}
      </button>
      {diff && diff.diff === null ? <p>This site is not in a git work tree.</p> : null}
      {diff && diff.diff !== null ? (
        <>
          <p>{files.length + diff.untracked.length === 0 ? 'No changes.' : `Changed: ${[...files, ...diff.untracked.map((f) => `${f} (new)`)].join(', ')}`}</p>
          <pre className="diff" aria-label="Diff against git">
            {diff.diff.split('\n').map((line, i) => (
              <span
                key={i}
                className={line.startsWith('+') && !line.startsWith('+++') ? 'add' : line.startsWith('-') && !line.startsWith('---') ? 'del' : undefined}
              >
                {line}
                {'\n'}
              </span>
            ))}
          </pre>
        </>
      ) : null}
    </section>
  );
}

/** A service of the landing matrix: its name, and the title and description every city's page fills in. */
function NewService({ taken, add }: { taken: string[]; add: (service: { slug: string; name: string; title: string; description: string }) => void }) {
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
      <h3 id="new-service-heading">New service</h3>
      <label htmlFor="new-service-name">Name</label>
      <input id="new-service-name" required value={name} onChange={(e) => setName(e.target.value)} placeholder="Webshops" aria-describedby="new-service-path" />
      <p id="new-service-path" className="hint">
        {slug ? (exists ? `A service ${slug} exists already.` : `Routes /${slug}-{city}, one per city.`) : '{city} and {service} are filled in below.'}
      </p>
      <label htmlFor="new-service-title">Page title</label>
      <input id="new-service-title" required value={title} onChange={(e) => setTitle(e.target.value)} placeholder="{service} in {city}" />
      <label htmlFor="new-service-description">Meta description</label>
      <textarea id="new-service-description" required rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
      <button type="submit" disabled={exists}>
        Add service
      </button>
    </form>
  );
}

/** The landing matrix: type a city's name or describe a service to add it, and see every route the site has now. */
export function LandingPanel({
  cities,
  services,
  routes,
  edit,
  preview,
}: {
  cities: string[];
  services: string[];
  routes: string[];
  edit: (op: EditOp) => void;
  preview: (route: string) => void;
}) {
  const [city, setCity] = useState('');
  const add = () => {
    const name = city.trim();
    if (name === '' || cities.includes(name)) return;
    edit({ op: 'insert', path: ['landing', 'cities'], index: cities.length, value: name });
    setCity('');
  };
  return (
    <section className="panel" aria-labelledby="landing-heading">
      <h2 id="landing-heading">Cities and routes</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label htmlFor="new-city">New city</label>
        <input id="new-city" value={city} onChange={(e) => setCity(e.target.value)} placeholder="Den Haag" />
        <button type="submit">Add city</button>
      </form>
      <NewService taken={services} add={(service) => edit({ op: 'insert', path: ['landing', 'services'], index: services.length, value: service })} />
      <p>
        {cities.length} cities · {services.length} services · {routes.length} routes
      </p>
      {/* an explicit role: a list styled without bullets keeps its semantics in every screen reader */}
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles */}
      <ul className="routes" aria-label="Routes" role="list">
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
export function NewPage({ exists, create }: { exists: (id: string) => boolean; create: (id: string, path: string, title: string) => Promise<void> }) {
  const [title, setTitle] = useState('');
  const id = slugify(title);
  const taken = id !== '' && exists(id);
  return (
    <form
      className="new-page"
      onSubmit={(e) => {
        e.preventDefault();
        if (id === '' || taken) return;
        void create(id, `/${id}`, title.trim()).then(() => setTitle(''));
      }}
    >
      <label htmlFor="new-page-title">New page title</label>
      <input id="new-page-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-describedby="new-page-path" />
      <p id="new-page-path" className="hint">
        {id ? (taken ? `A page ${id} exists already.` : `File content/pages/${id}.json, route /${id}`) : 'The file and route follow from the title.'}
      </p>
      <button type="submit" disabled={id === '' || taken}>
        Add page
      </button>
    </form>
  );
}
