import { useEffect, useId, useState } from 'react';
import { SCHEDULES_API, type NewScheduleRequest, type ScheduledPublish, type SchedulesAnswer } from '../../../core/studio/contract.ts';
import { speaksDutch } from '../texts.ts';
import { serverSaid } from '../files/call.ts';
import { CallFailed, jsonCall } from './json-call.ts';
import { signedIn } from './publish-dialog.tsx';

/** What planning a publish says, in the site's language. */
const nl = {
  title: 'Later publiceren',
  intro: 'Op het gekozen moment gaat live wat dan klaarstaat, ook wat u tot dan nog verandert.',
  when: 'Datum en tijd',
  plan: 'Inplannen',
  planned: 'Ingepland',
  none: 'Er staat niets ingepland.',
  item: (date: string, who: string) => `${date}, door ${who}`,
  status: { pending: 'staat klaar', running: 'bezig', done: 'gepubliceerd', failed: 'mislukt', cancelled: 'ingetrokken' },
  cancel: 'Intrekken',
  cancelLabel: (date: string) => `Publicatie van ${date} intrekken`,
  wrongTime: 'Kies een moment in de toekomst (binnen een jaar).',
  failed: 'Dat lukte niet. Probeer het nog eens.',
};
const en: typeof nl = {
  title: 'Publish later',
  intro: 'At the chosen moment, what is ready then goes live, including anything you change until then.',
  when: 'Date and time',
  plan: 'Schedule',
  planned: 'Scheduled',
  none: 'Nothing is scheduled.',
  item: (date: string, who: string) => `${date}, by ${who}`,
  status: { pending: 'waiting', running: 'in progress', done: 'published', failed: 'failed', cancelled: 'called off' },
  cancel: 'Call off',
  cancelLabel: (date: string) => `Call off the publish of ${date}`,
  wrongTime: 'Choose a moment in the future (within a year).',
  failed: 'That did not work. Please try again.',
};

const call = <T,>(path: string, body?: unknown) => jsonCall<T>(`${SCHEDULES_API}${path}`, body);

type Texts = typeof nl;

/** What is planned, and how the last ones ended; a waiting one can be called off. */
function ScheduleList({ texts, lang, schedules, cancel }: { texts: Texts; lang: string; schedules: ScheduledPublish[]; cancel: (id: string) => void }) {
  const date = (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  if (schedules.length === 0) return <p>{texts.none}</p>;
  return (
    <ul className="client-links">
      {schedules.map((schedule) => (
        <li key={schedule.id}>
          <span>
            {texts.item(date(schedule.at), schedule.createdBy)}: {texts.status[schedule.status]}
          </span>
          {schedule.status === 'pending' && (
            <button type="button" aria-label={texts.cancelLabel(date(schedule.at))} onClick={() => cancel(schedule.id)}>
              {texts.cancel}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Publishing at a chosen time, kept by the server (it survives a restart and is done once): plan one, see what is
 * planned and what became of the last ones, call a waiting one off. Only where a sign-in is in front of the studio.
 */
export function ScheduleLater({ lang }: { lang: string }) {
  const texts = speaksDutch(lang) ? nl : en;
  const [when, setWhen] = useState('');
  const [schedules, setSchedules] = useState<ScheduledPublish[]>([]);
  const [said, setSaid] = useState('');
  const id = useId();
  const reload = () =>
    call<SchedulesAnswer>('').then(
      (answer) => setSchedules(answer.schedules),
      (error: unknown) => setSaid(serverSaid(error) ?? texts.failed),
    );
  useEffect(() => {
    if (signedIn()) void reload();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when shown
  if (!signedIn()) return null;
  const plan = async () => {
    const at = new Date(when);
    if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) return setSaid(texts.wrongTime);
    try {
      await call('', { at: at.toISOString() } satisfies NewScheduleRequest);
      setSaid('');
      setWhen('');
      await reload();
    } catch (error) {
      setSaid(error instanceof CallFailed && error.status === 400 ? texts.wrongTime : (serverSaid(error) ?? texts.failed));
    }
  };
  const cancel = async (scheduleId: string) => {
    await call(`/${scheduleId}/cancel`, {}).catch((error: unknown) => setSaid(serverSaid(error) ?? texts.failed));
    await reload();
  };
  return (
    <section className="schedule-later" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts.title}</h3>
      <p className="hint">{texts.intro}</p>
      <p className="schedule-plan">
        <label htmlFor={id}>{texts.when}</label>
        <input id={id} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
        <button type="button" onClick={() => void plan()} disabled={when === ''}>
          {texts.plan}
        </button>
      </p>
      <p role="status" className="client-link-said">
        {said}
      </p>
      <h4>{texts.planned}</h4>
      <ScheduleList texts={texts} lang={lang} schedules={schedules} cancel={(scheduleId) => void cancel(scheduleId)} />
    </section>
  );
}
