import { useCallback, useState, useSyncExternalStore } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { LeadAnswer, LeadEraseAnswer } from '../core/admin/contract.ts';
import { get } from './api.ts';
import { OutcomeProvider, useAct, type Act } from './lead-act.tsx';
import { LeadFields, MailState, Notes, OtherLeads, Reach, type Lead } from './lead-cards.tsx';
import { FollowUp, Handle } from './lead-handle.tsx';
import { Erased, PersonData } from './lead-person-data.tsx';
import { LeadSource } from './lead-source.tsx';
import { useAnswer } from './use-answer.ts';
import { formatDateTime } from './texts.ts';
import { LiveError, PageHeading } from './ui.tsx';
import styles from './lead.module.css';
import { words } from './words.ts';

/** One lead: the cards of lead-cards.tsx, lead-handle.tsx and lead-person-data.tsx, each change said beside its card (lead-act.tsx). */
export function LeadPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const { answer, error, reload } = useAnswer(useCallback(() => get('/leads/:id', { params: { id } }), [id]));
  const { act, outcome } = useAct(reload);
  const [erased, setErased] = useState<LeadEraseAnswer>();
  const back = `/leads${params.get('terug') ? `?${params.get('terug')}` : ''}`;
  const lead = answer?.lead;

  if (erased) return <Erased answer={erased} back={back} />;
  if (!lead)
    return (
      <>
        <PageHeading title={words.lead.title}>{words.lead.title}</PageHeading>
        <LiveError message={error} />
        {!error ? <p className="muted">{words.loading}</p> : null}
      </>
    );
  return (
    <>
      <p className={styles.back}>
        <Link to={back}>{words.lead.back}</Link>
      </p>
      <PageHeading title={lead.name || words.lead.title}>{lead.name || lead.email || words.lead.noName}</PageHeading>
      <p className={styles.meta}>
        {lead.formTitle}
        {words.lead.received(formatDateTime(lead.createdAt))}
        {lead.spam ? <span className={styles.spam}>{words.leads.spam}</span> : null}
        {lead.review ? <span className={styles.review}>{words.lead.review}</span> : null}
      </p>
      <LiveError message={error} />
      <OutcomeProvider outcome={outcome}>
        <LeadBody lead={lead} colleagues={answer.colleagues} act={act} onErased={setErased} />
      </OutcomeProvider>
    </>
  );
}

/** The width below which the lead is one column (lead.module.css's two columns begin at 900 px). */
const PHONE = '(max-width: 899px)';
const phoneNow = () => window.matchMedia(PHONE).matches;
const onWidth = (changed: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

interface LeadBodyProps {
  lead: Lead;
  colleagues: LeadAnswer['colleagues'];
  act: Act;
  onErased: (answer: LeadEraseAnswer) => void;
}

/**
 * The lead's cards. On a laptop the person and what they wrote beside the handling; on a phone, one column with the
 * work first: call or mail, the status, the notes, then the rest. In the page in that order, so the keyboard and a
 * screen reader meet them as they are seen.
 */
function LeadBody({ lead, colleagues, act, onErased }: LeadBodyProps) {
  const phone = useSyncExternalStore(onWidth, phoneNow);
  const followUp = <FollowUp key={lead.id} lead={lead} colleagues={colleagues} act={act} />;
  const personData = <PersonData lead={lead} act={act} onErased={onErased} />;
  if (phone)
    return (
      <div className={styles.main}>
        <Reach lead={lead} />
        <Handle lead={lead} act={act} />
        <Notes lead={lead} act={act} />
        <OtherLeads lead={lead} />
        <LeadFields lead={lead} />
        <LeadSource source={lead.source} />
        {followUp}
        <MailState lead={lead} />
        {personData}
      </div>
    );
  return (
    <div className={styles.columns}>
      <div className={styles.main}>
        <Reach lead={lead} />
        <OtherLeads lead={lead} />
        <LeadFields lead={lead} />
        <LeadSource source={lead.source} />
        <Notes lead={lead} act={act} />
      </div>
      <aside className={styles.side} aria-label={words.lead.handle}>
        <Handle lead={lead} act={act} />
        {followUp}
        <MailState lead={lead} />
        {personData}
      </aside>
    </div>
  );
}
