import { useCallback, type ReactNode } from 'react';
import type { SystemAnswer, SystemInstance } from '../core/admin/system.ts';
import { get } from './api.ts';
import { useAnswer } from './use-answer.ts';
import { formatDateTime } from './texts.ts';
import { LiveError, PageHeading } from './ui.tsx';
import lists from './lists.module.css';
import styles from './system.module.css';
import { words } from './words.ts';

const w = words.system;
const relative = new Intl.RelativeTimeFormat(words.locale, { numeric: 'always' });
const clock = new Intl.DateTimeFormat(words.locale, { timeStyle: 'medium', timeZone: 'Europe/Amsterdam' });
const percent = new Intl.NumberFormat(words.locale, { style: 'percent', maximumFractionDigits: 0 });
const together = new Intl.ListFormat(words.locale, { type: 'conjunction' });

/** How long ago `iso` was, counted from the server's `now`: "3 minuten geleden", "2 uur geleden". */
function ago(iso: string, now: string): string {
  const seconds = Math.max(0, (Date.parse(now) - Date.parse(iso)) / 1000);
  if (seconds < 45) return w.justNow;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** The age and, beside it, the date and time. */
const when = (iso: string, now: string) => w.when(ago(iso, now), formatDateTime(iso));

const unit = (value: number, name: string, digits = 0) =>
  new Intl.NumberFormat(words.locale, { style: 'unit', unit: name, unitDisplay: 'long', maximumFractionDigits: digits }).format(value);

/** A size in bytes the way people read it: "12,3 GB", "850 MB" (powers of 1000, as the units say). */
function size(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'];
  let value = bytes;
  let index = 0;
  while (value >= 1000 && index < units.length - 1) {
    value /= 1000;
    index += 1;
  }
  return new Intl.NumberFormat(words.locale, { style: 'unit', unit: units[index], unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(
    value,
  );
}

/** A duration in words: "4 seconden", "2 minuten en 5 seconden", "1 uur en 3 minuten". */
function duration(seconds: number): string {
  if (seconds < 60) return unit(seconds, 'second', seconds < 10 ? 1 : 0);
  const whole = Math.round(seconds);
  if (whole < 3600) return together.format([unit(Math.floor(whole / 60), 'minute'), ...(whole % 60 ? [unit(whole % 60, 'second')] : [])]);
  const minutes = Math.round((whole % 3600) / 60);
  return together.format([unit(Math.floor(whole / 3600), 'hour'), ...(minutes ? [unit(minutes, 'minute')] : [])]);
}

/** A fact of a section: its name and what it stands at. */
function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({ id, title, children, wide = false }: { id: string; title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section aria-labelledby={id} className={`card ${styles.section} ${wide ? styles.sectionWide : ''}`}>
      <h2 id={id} className={styles.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What needs someone's attention, first; or that nothing does. */
function Warnings({ warnings }: { warnings: SystemAnswer['warnings'] }) {
  if (warnings.length === 0)
    return (
      <p role="status" className={`${styles.banner} ${styles.ok}`}>
        {w.allWell}
      </p>
    );
  return (
    <div role="alert" className={`${styles.banner} ${styles.warn}`}>
      {warnings.length === 1 ? (
        <p className={styles.warning}>{w.warnings[warnings[0]!]}</p>
      ) : (
        <ul className={styles.warnings}>
          {warnings.map((warning) => (
            <li key={warning}>{w.warnings[warning]}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Disk({ disk }: { disk: SystemAnswer['disk'] }) {
  if (!disk || disk.totalBytes <= 0) return <p className={styles.none}>{w.diskUnknown}</p>;
  const free = disk.freeBytes / disk.totalBytes;
  return (
    <>
      <dl className={styles.facts}>
        <Fact name={w.diskFree}>{w.diskFreeOf(size(disk.freeBytes), size(disk.totalBytes))}</Fact>
      </dl>
      <div className={styles.meter} aria-hidden="true">
        <span className={free < 0.1 ? styles.meterLow : undefined} style={{ width: `${Math.min(100, Math.max(0, (1 - free) * 100))}%` }} />
      </div>
      <p className={styles.note}>{w.diskPercent(percent.format(free))}</p>
    </>
  );
}

function Backup({ backup, now }: { backup: SystemAnswer['backup']; now: string }) {
  if (!backup) return <p className={styles.none}>{w.backupNone}</p>;
  return (
    <dl className={styles.facts}>
      <Fact name={w.backupAt}>{when(backup.at, now)}</Fact>
      <Fact name={w.by}>{backup.by || w.unknown}</Fact>
      <Fact name={w.size}>{size(backup.bytes)}</Fact>
      <Fact name={w.duration}>{duration(backup.seconds)}</Fact>
    </dl>
  );
}

function Publish({ publish, build, now }: Pick<SystemAnswer, 'publish' | 'build' | 'now'>) {
  return (
    <>
      {publish ? null : <p className={styles.none}>{w.publishNone}</p>}
      <dl className={styles.facts}>
        {publish ? (
          <>
            <Fact name={w.publishAt}>{when(publish.at, now)}</Fact>
            <Fact name={w.by}>{publish.by || w.unknown}</Fact>
            <Fact name={w.duration}>{publish.seconds === null ? w.unknown : duration(publish.seconds)}</Fact>
          </>
        ) : null}
        <Fact name={w.buildAt}>{build ? w.buildIn(when(build.at, now), duration(build.seconds)) : w.buildNone}</Fact>
      </dl>
    </>
  );
}

/** Whether the server is heard of, and whether it has the studio's working copy. */
function State({ instance }: { instance: SystemInstance }) {
  return (
    <span className={styles.badges}>
      <span className={`${lists.badge} ${styles.badge} ${instance.gone ? lists.badgeMuted : styles.badgeActive}`}>{instance.gone ? w.gone : w.active}</span>
      {instance.holdsStudio ? <span className={`${lists.badge} ${styles.badge}`}>{w.holdsStudio}</span> : null}
    </span>
  );
}

/** The servers as a table on laptops, as cards on phones; those still heard of first. */
function Servers({ instances, now }: { instances: SystemInstance[]; now: string }) {
  if (instances.length === 0) return <p className={styles.none}>{w.serversNone}</p>;
  const sorted = [...instances].sort((a, b) => Number(a.gone) - Number(b.gone) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  return (
    <>
      <div className={`${styles.tableWrap} ${lists.wide}`}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{w.host}</th>
              <th scope="col">{w.kind}</th>
              <th scope="col">{w.state}</th>
              <th scope="col">{w.started}</th>
              <th scope="col">{w.lastSeen}</th>
              <th scope="col">{w.version}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((instance) => (
              <tr key={instance.id} className={instance.gone ? styles.goneRow : undefined}>
                <th scope="row" className={styles.host}>
                  {instance.host}
                </th>
                <td>{w.kinds[instance.kind]}</td>
                <td>
                  <State instance={instance} />
                </td>
                <td className={styles.nowrap}>{formatDateTime(instance.startedAt)}</td>
                <td className={styles.nowrap}>{ago(instance.lastSeenAt, now)}</td>
                <td>
                  <code className={styles.version}>{instance.version || w.unknown}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={`${lists.auditCards} ${styles.cards}`} aria-label={w.servers}>
        {sorted.map((instance) => (
          <li key={instance.id} className={styles.card}>
            <p className={lists.title}>
              {instance.host} <State instance={instance} />
            </p>
            <p className={lists.meta}>
              {w.kinds[instance.kind]} · {w.startedLower(formatDateTime(instance.startedAt))} · {w.seenLower(ago(instance.lastSeenAt, now))}
            </p>
            <p className={lists.meta}>{w.versionLower(instance.version || w.unknown)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

function Facts({ answer }: { answer: SystemAnswer }) {
  const { now, mail } = answer;
  return (
    <>
      <Warnings warnings={answer.warnings} />
      <div className={styles.grid}>
        <Section id="systeem-mail" title={w.mail}>
          <dl className={styles.facts}>
            <Fact name={w.mailWaiting}>{w.mails(mail.waiting)}</Fact>
            {mail.oldestAt ? <Fact name={w.mailOldest}>{when(mail.oldestAt, now)}</Fact> : null}
            <Fact name={w.mailFailed}>{w.mails(mail.failed)}</Fact>
          </dl>
        </Section>
        <Section id="systeem-leads" title={w.leads}>
          <dl className={styles.facts}>
            <Fact name={w.leadsStored}>{w.leadCount(answer.leads)}</Fact>
          </dl>
        </Section>
        <Section id="systeem-schijf" title={w.disk}>
          <Disk disk={answer.disk} />
        </Section>
        <Section id="systeem-backup" title={w.backup}>
          <Backup backup={answer.backup} now={now} />
        </Section>
        <Section id="systeem-publiceren" title={w.publish} wide>
          <Publish publish={answer.publish} build={answer.build} now={now} />
        </Section>
      </div>
      <section aria-labelledby="systeem-servers" className={styles.servers}>
        <h2 id="systeem-servers" className={lists.subheading}>
          {w.servers}
        </h2>
        <Servers instances={answer.instances} now={now} />
      </section>
    </>
  );
}

/** The System screen, for admins: warnings first, then mail, leads, disk, backup, publishing and the servers. */
export function System() {
  const { answer, error, setError, reload } = useAnswer(useCallback(() => get('/system'), []));
  return (
    <>
      <PageHeading title={w.heading}>{w.heading}</PageHeading>
      <div className={styles.top}>
        <p className="muted">{w.intro}</p>
        <div className="actions">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setError(undefined);
              void reload();
            }}
          >
            {w.refresh}
          </button>
          <span role="status" className={styles.checked}>
            {answer ? w.checkedAt(clock.format(new Date(answer.now))) : ''}
          </span>
        </div>
      </div>
      <LiveError message={error} />
      {answer ? <Facts answer={answer} /> : <p className="muted">{words.loading}</p>}
    </>
  );
}
