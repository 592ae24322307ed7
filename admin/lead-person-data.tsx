import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LeadEraseAnswer } from '../core/admin/contract.ts';
import { post } from './api.ts';
import { Said, type Act } from './lead-act.tsx';
import type { Lead } from './lead-cards.tsx';
import { download } from './recovery-codes.tsx';
import { formatDate } from './texts.ts';
import { Dialog, Notice, PageHeading } from './ui.tsx';
import styles from './lead.module.css';
import { words } from './words.ts';

/** The confirmation before an erasure, naming what goes. */
function EraseDialog({ lead, open, onErase, onClose }: { lead: Lead; open: boolean; onErase: () => void; onClose: () => void }) {
  return (
    <Dialog open={open} title={words.lead.eraseTitle} onClose={onClose}>
      <p>{words.lead.eraseText(lead.email || lead.name)}</p>
      <div className="actions">
        <button type="button" className="button button-danger" onClick={onErase}>
          {words.lead.eraseYes}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {words.cancel}
        </button>
      </div>
    </Dialog>
  );
}

/** Export and erase, for the whole person, and what the retention will do. */
export function PersonData({ lead, act, onErased }: { lead: Lead; act: Act; onErased: (answer: LeadEraseAnswer) => void }) {
  const [confirming, setConfirming] = useState(false);
  const exportLead = () =>
    act(
      'person-data',
      async () => {
        const data = await post('/leads/:id/export', { params: { id: lead.id } });
        download(`lead-${lead.id}.json`, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      },
      words.lead.exported,
      { reload: false },
    );
  const erase = () =>
    act('person-data', async () => onErased(await post('/leads/:id/erase', { params: { id: lead.id } })), words.lead.erasedNote, { reload: false }).then(() =>
      setConfirming(false),
    );
  return (
    <>
      <section className="card">
        <h2 className={styles.h2}>{words.lead.personData}</h2>
        <p>{words.lead.erasedOn(formatDate(lead.erasedOn))}</p>
        <p>{words.lead.perPerson(lead.email)}</p>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => void exportLead()}>
            {words.lead.export}
          </button>
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            {words.lead.erase}
          </button>
        </div>
        <Said where="person-data" />
      </section>
      <EraseDialog lead={lead} open={confirming} onErase={() => void erase()} onClose={() => setConfirming(false)} />
    </>
  );
}

/** After an erasure: what went, and the way back to the list. */
export function Erased({ answer, back }: { answer: LeadEraseAnswer; back: string }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title={words.lead.erasedTitle}>{words.lead.erasedTitle}</PageHeading>
      <Notice kind="ok">{words.lead.erased(answer.leads, answer.photos, answer.mails)}</Notice>
      <button type="button" className="button" onClick={() => void navigate(back)}>
        {words.lead.backButton}
      </button>
    </>
  );
}
