import { isLeadStatus, type AdminRoute, type AnswerOf, type LeadAnswer, type LeadsAnswer } from '../../core/admin/contract.ts';
import type { ServerSite } from '../site.ts';
import { siteForm } from '../site.ts';
import { erasePerson, parseWho, personJson, type Who } from '../people/person.ts';
import type { InboxQuery, LeadNote, Storage } from '../storage/types.ts';
import { InvalidCursorError } from '../storage/inbox-queries.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { photoReadable, photoStore } from '../storage/photo-store.ts';
import { answer, answerStream, jsonBody, refuse, route, type AdminContext, type Answered, type RouteSpec, type SignedIn } from './routes.ts';
import { leadEventRoutes } from './lead-events.ts';
import { leadView, personView, photoId, rowOf, type Retention } from './lead-view.ts';
import { dayStart } from './days.ts';
import { formName } from '../../core/forms/form-name.ts';

export interface LeadDeps {
  staff: StaffStore;
  storage: Storage;
  uploadsDir: string;
  /** the live build's forms: their titles, labels and options */
  site: () => ServerSite;
  retention: Retention;
  /** how often an open inbox's event stream asks for the newest lead (lead-events.ts); 2 s unless a test says */
  eventPollMs?: number;
}

/** The inbox's query from the list's address. */
function inboxQuery(c: AdminContext, reader: string): InboxQuery {
  const q = (name: string) => c.req.query(name) || undefined;
  const spam = q('spam');
  const status = q('status');
  return {
    search: q('q'),
    form: q('form'),
    status: isLeadStatus(status) ? status : undefined,
    spam: spam === '1' ? true : spam === '0' ? false : undefined,
    from: dayStart(q('from')),
    to: dayStart(q('to'), true),
    after: q('after'),
    // the views "Mijn leads" and "Terugbellen vandaag": today as the person's own calendar says (their browser's day)
    assignee: q('assignee') === 'me' ? reader : undefined,
    callBackBy: dayStart(q('callBack')) ? q('callBack') : undefined,
    limit: 50,
    reader,
  };
}

/** A page of the inbox, with the forms for the filter; a cursor that is not one is a 400. */
async function listLeads(c: AdminContext, who: SignedIn, deps: LeadDeps): Promise<Answered<LeadsAnswer>> {
  const forms = Object.values(deps.site().forms).map((f) => ({ id: f.id, title: formName(f) }));
  try {
    const page = await deps.storage.inboxPage(inboxQuery(c, who.user.id));
    return answer(c, { leads: page.leads.map(rowOf), next: page.next, total: page.total, forms, counts: page.counts, unread: page.unread });
  } catch (error) {
    if (error instanceof InvalidCursorError) return refuse(c, 'invalid', 400);
    throw error;
  }
}

/** Each author's address by id (a note's author whose account is gone is left out: shown as unknown). */
async function authorsOf(staff: StaffStore, notes: LeadNote[]): Promise<Map<string, string>> {
  const authors = new Map<string, string>();
  for (const authorId of new Set(notes.flatMap((n) => (n.authorId ? [n.authorId] : [])))) {
    const author = await staff.getUser(authorId);
    if (author) authors.set(authorId, author.email);
  }
  return authors;
}

/** Who a lead can be assigned to: the colleagues of sales and the admins, not disabled, by address. */
async function colleaguesOf(staff: StaffStore): Promise<{ id: string; email: string }[]> {
  const people = await staff.listUsers();
  return people.filter((p) => !p.disabled && (p.role === 'sales' || p.role === 'admin')).map((p) => ({ id: p.id, email: p.email }));
}

/**
 * A lead with its mails, its form's labels, and its person: their other leads and the notes of all their leads, the
 * notes' authors by address. The view is in the audit log.
 */
async function showLead(c: AdminContext, who: SignedIn, id: string, deps: LeadDeps): Promise<Answered<LeadAnswer>> {
  const { storage, staff } = deps;
  const [row, stored, mails, personLeads] = await Promise.all([storage.inboxRow(id), storage.getLead(id), storage.mailsForLead(id), storage.personLeads(id)]);
  const allNotes = await storage.notesOfLeads(personLeads.map((l) => l.id));
  const authors = await authorsOf(staff, allNotes);
  await staff.audit('lead.viewed', who.user.id, [id]);
  await storage.markLeadRead(id, who.user.id);
  // the route found the lead a moment ago; erased in between, it is gone
  if (!row || !stored) return refuse(c, 'not-found', 404);
  const site = deps.site();
  const form = siteForm(site, stored.form);
  const notes = allNotes.filter((n) => n.leadId === id);
  const person = personView(id, personLeads, allNotes, authors, (name) => {
    const form = siteForm(site, name);
    return form ? formName(form) : name;
  });
  const lead = leadView({ row, lead: stored, form, mails, notes, authors, retention: deps.retention, person });
  return answer(c, { lead, colleagues: await colleaguesOf(staff) });
}

/** A stored photo of this very lead: an upload id of another lead is not found here. */
async function leadPhoto(c: AdminContext, id: string, deps: LeadDeps): Promise<Answered<Blob>> {
  const stored = await deps.storage.getLead(id);
  const wanted = c.req.param('photo') ?? '';
  if (!stored?.photos.some((link) => photoId(link) === wanted)) return refuse(c, 'not-found', 404);
  const upload = await deps.storage.getUpload(wanted);
  if (!upload) return refuse(c, 'not-found', 404);
  // from this instance's disk, or from the database whichever instance took it (photo-store.ts)
  const opened = await photoStore(deps.storage, deps.uploadsDir).open(upload);
  if (!opened) return refuse(c, 'not-found', 404);
  const headers = { 'Content-Type': upload.type, 'Content-Length': String(opened.size), 'Cache-Control': 'private, no-store' };
  return answerStream(c, photoReadable(opened), headers);
}

/** The routes about one lead (the path's :id). */
type LeadRoute = Extract<AdminRoute, `${string} /leads/:id${string}`>;

/** A route about one lead: 404 when there is no such lead, else the handler with the lead's id. */
function leadRoute(storage: Storage) {
  return <K extends LeadRoute>(key: K, handler: (c: AdminContext, who: SignedIn, id: string) => Promise<Answered<AnswerOf<K>>>, fresh = false): RouteSpec =>
    route<LeadRoute>(key, {
      permission: 'leads',
      fresh,
      handler: async (c, who) => {
        const id = c.req.param('id') ?? '';
        if (!(await storage.inboxRow(id))) return refuse(c, 'not-found', 404);
        return handler(c, who, id);
      },
    });
}

/**
 * The leads inbox, for sales and admins: the list, a lead, its photos, status, spam, notes, and a person's export
 * and erasure (after a fresh sign-in, the same as `npm run leads -- export` and `erase`). Each view, change, export
 * and erasure is in the audit log with its author, by ids only.
 */
export function leadRoutes(deps: LeadDeps): RouteSpec[] {
  const { storage, staff } = deps;
  const lead = leadRoute(storage);
  return [
    route('GET /leads', { permission: 'leads', handler: (c, who) => listLeads(c, who, deps) }),
    lead('GET /leads/:id', (c, who, id) => showLead(c, who, id, deps)),
    lead('GET /leads/:id/photos/:photo', (c, _who, id) => leadPhoto(c, id, deps)),
    lead('POST /leads/:id/status', async (c, who, id) => {
      const status = ((await jsonBody(c, 'POST /leads/:id/status')) ?? {}).status;
      if (!isLeadStatus(status)) return refuse(c, 'invalid', 400);
      await storage.setLeadStatus(id, status);
      await staff.audit('lead.status-changed', who.user.id, [id]);
      return answer(c, { ok: true });
    }),
    // the person's open leads at once: a colleague sees at a glance that they were called (issue 50)
    lead('POST /leads/:id/person-status', async (c, who, id) => {
      const status = ((await jsonBody(c, 'POST /leads/:id/person-status')) ?? {}).status;
      if (!isLeadStatus(status)) return refuse(c, 'invalid', 400);
      const changed = await storage.setStatusOf(
        (await storage.personLeads(id)).map((l) => l.id),
        status,
      );
      if (changed.length > 0) await staff.audit('lead.status-changed', who.user.id, changed);
      return answer(c, { changed: changed.length });
    }),
    lead('POST /leads/:id/spam', async (c, who, id) => {
      const spam = ((await jsonBody(c, 'POST /leads/:id/spam')) ?? {}).spam;
      if (typeof spam !== 'boolean') return refuse(c, 'invalid', 400);
      await storage.setLeadSpam(id, spam);
      await staff.audit(spam ? 'lead.marked-spam' : 'lead.marked-not-spam', who.user.id, [id]);
      return answer(c, { ok: true });
    }),
    lead('POST /leads/:id/notes', async (c, who, id) => {
      const body = ((await jsonBody(c, 'POST /leads/:id/notes')) ?? {}).body;
      if (typeof body !== 'string' || body.trim() === '' || body.length > 5000) return refuse(c, 'invalid', 400);
      await storage.addLeadNote({ leadId: id, authorId: who.user.id, body: body.trim() });
      await staff.audit('lead.note-added', who.user.id, [id]);
      return answer(c, { ok: true }, 201);
    }),
    ...personRoutes(deps),
    ...followUpRoutes(deps),
    ...leadEventRoutes(deps, deps.eventPollMs),
  ];
}

/** Who follows a lead up and when to call back (issue 50); each change is in the audit log, the colleague by id. */
function followUpRoutes(deps: LeadDeps): RouteSpec[] {
  const { storage, staff } = deps;
  const lead = leadRoute(storage);
  return [
    lead('POST /leads/:id/assign', async (c, who, id) => {
      const assignee = ((await jsonBody(c, 'POST /leads/:id/assign')) ?? {}).assignee;
      if (assignee !== null && (typeof assignee !== 'string' || !(await colleaguesOf(staff)).some((p) => p.id === assignee))) {
        return refuse(c, 'invalid', 400);
      }
      await storage.setLeadAssignee(id, assignee);
      await staff.audit('lead.assigned', who.user.id, assignee ? [id, assignee] : [id]);
      return answer(c, { ok: true });
    }),
    lead('POST /leads/:id/call-back', async (c, who, id) => {
      const on = ((await jsonBody(c, 'POST /leads/:id/call-back')) ?? {}).on;
      if (on !== null && (typeof on !== 'string' || dayStart(on) === undefined)) return refuse(c, 'invalid', 400);
      await storage.setLeadCallBack(id, on);
      await staff.audit('lead.call-back-set', who.user.id, [id]);
      return answer(c, { ok: true });
    }),
  ];
}

/**
 * Whom a lead's export and erasure are about: the person by their whole e-mail address, so that all they left
 * (every form, the mails about them) goes, as `npm run leads -- erase <address>` does; the one lead when it has no
 * address to go by.
 */
async function personOf(storage: Storage, id: string): Promise<Who> {
  const email = (await storage.getLead(id))?.email ?? '';
  const byAddress = parseWho(email);
  return byAddress && 'email' in byAddress ? byAddress : { leadId: id };
}

/** A person's export and erasure from one of their leads, after a fresh sign-in: what `npm run leads` does. */
function personRoutes(deps: LeadDeps): RouteSpec[] {
  const { storage, staff } = deps;
  const lead = leadRoute(storage);
  return [
    lead(
      'POST /leads/:id/export',
      async (c, who, id) => {
        const whom = await personOf(storage, id);
        const person = await storage.findPerson(whom);
        await staff.audit(
          'lead.exported',
          who.user.id,
          person.leads.map((l) => l.id),
        );
        return answer(c, personJson(whom, person, staff.now()), 200, { 'Content-Disposition': `attachment; filename="lead-${id}.json"` });
      },
      true,
    ),
    lead(
      'POST /leads/:id/erase',
      async (c, who, id) => {
        const whom = await personOf(storage, id);
        const leadIds = (await storage.findPerson(whom)).leads.map((l) => l.id);
        const erased = await erasePerson(storage, deps.uploadsDir, whom, () => staff.now());
        await staff.audit('lead.erased', who.user.id, leadIds);
        return answer(c, erased);
      },
      true,
    ),
  ];
}
