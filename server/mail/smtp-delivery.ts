import { createTransport } from 'nodemailer';
import type { NodemailerError } from 'nodemailer';
import type { Mail, Storage } from '../storage/types.ts';
import { StorageBusyError } from '../storage/errors.ts';

export interface SmtpDeliveryOptions {
  storage: Storage;
  /** smtp://user:pass@host:587 or smtps://...:465 (nodemailer's URL form) */
  smtpUrl: string;
  /** The From address of every mail (MAIL_FROM) */
  from: string;
  /** Pause between rounds of the background loop; 0 turns the loop off (call runOnce yourself). Default 10 s. */
  intervalMs?: number;
  /** Tries per mail before it is given up as failed. Default 8. */
  maxAttempts?: number;
  /** Wait after failed attempt number `attempt` (1-based). Default defaultBackoffMs. */
  backoffMs?: (attempt: number) => number;
  /** Mails sent per round at most. Default 50. */
  batchSize?: number;
  /**
   * How long a mail is claimed for this process before it is sent (one mail at a time). Other processes on the
   * same database leave it alone meanwhile; if this one dies, another sends it once the claim has run out.
   * Longer than one send can take (the transport's timeouts). Default 5 min.
   */
  claimMs?: number;
  log?: (line: string) => void;
}

export interface DeliveryRound {
  sent: number;
  retried: number;
  failed: number;
}

export interface SmtpDelivery {
  /** Sends what is due now. Never rejects; rounds never overlap (a call waits for the running one). */
  runOnce(): Promise<DeliveryRound>;
  /** Ends the loop after the running round and closes the SMTP transport. */
  stop(): Promise<void>;
}

const steps = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3 * 3_600_000];
const maxBackoff = 6 * 3_600_000;

/** 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, then 6 h: with 8 attempts a mail keeps trying for about 11 hours. */
export function defaultBackoffMs(attempt: number): number {
  return steps[attempt - 1] ?? maxBackoff;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}

/** A reply the server will give again to the same message (550 no such mailbox). A login failure is not: the operator fixes SMTP_URL. */
function isPermanent(error: unknown): boolean {
  const e = error as NodemailerError;
  return e.permanent === true && e.code !== 'EAUTH';
}

type Transport = ReturnType<typeof createTransport>;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)$/i;

/**
 * The transport's settings for an SMTP_URL. Off this machine a plain smtp:// connection must upgrade with
 * STARTTLS (requireTLS): the login and the visitors' messages never cross a network in clear text. A relay on
 * the loopback interface may speak plain SMTP; smtps:// is TLS from the start.
 */
export function transportOptions(url: string) {
  const { protocol, hostname } = new URL(url);
  return {
    url,
    requireTLS: protocol === 'smtp:' && !LOOPBACK.test(hostname),
    // a stalled SMTP server must not hold the (sequential) outbox for the default 10 minutes
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    // the text comes from a web form: never let message options read files or URLs
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

function smtpTransport(url: string): Transport {
  return createTransport(transportOptions(url));
}

interface Deliverer {
  transport: Transport;
  storage: Storage;
  from: string;
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
  log: (line: string) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Records a send's outcome even while another process holds SQLite's write lock for a while (a Storage call
 * gives up after 800 ms): a mail that went out but is not marked would be sent again once its claim runs out.
 */
async function record(step: () => Promise<void>, until = Date.now() + 30_000): Promise<void> {
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof StorageBusyError) || Date.now() > until) throw error;
      await sleep(250);
    }
  }
}

/** A failed attempt: given up (permanent reply or last attempt) or scheduled again after the backoff. */
async function recordFailure({ storage, maxAttempts, backoffMs, log }: Deliverer, mail: Mail, error: unknown, round: DeliveryRound) {
  const { leadId } = mail;
  const attempt = mail.attempts + 1;
  const detail = describeError(error);
  if (attempt >= maxAttempts || isPermanent(error)) {
    await record(() => storage.markMailFailed(mail.id, detail));
    if (leadId) await record(() => storage.setDelivery(leadId, 'smtp-failed', detail));
    log(`smtp: mail ${mail.id} failed for good after attempt ${attempt}: ${detail}`);
    round.failed++;
    return;
  }
  const next = new Date(Date.now() + backoffMs(attempt));
  await record(() => storage.markMailRetry(mail.id, detail, next));
  if (leadId) await record(() => storage.setDelivery(leadId, 'smtp-retrying', detail));
  log(`smtp: mail ${mail.id} attempt ${attempt} failed, retrying at ${next.toISOString()}: ${detail}`);
  round.retried++;
}

/** One attempt at one mail, its outcome recorded on the mail and on its lead. */
async function deliver(d: Deliverer, mail: Mail, round: DeliveryRound): Promise<void> {
  try {
    // the recipient is the one stored with the mail (from config); nothing else is consulted
    await d.transport.sendMail({ from: d.from, to: mail.to, replyTo: mail.replyTo ?? undefined, subject: mail.subject, text: mail.text });
  } catch (error) {
    await recordFailure(d, mail, error, round);
    return;
  }
  const { leadId } = mail;
  const sentAt = new Date();
  await record(() => d.storage.markMailSent(mail.id, sentAt));
  if (leadId) await record(() => d.storage.setDelivery(leadId, 'smtp-sent', null));
  d.log(`smtp: mail ${mail.id} sent`);
  round.sent++;
}

/** One round: up to `batchSize` mails that were due when it began, until the outbox is empty or delivery stops. */
async function deliveryRound(d: Deliverer, batchSize: number, claimMs: number, stopped: () => boolean): Promise<DeliveryRound> {
  const result = { sent: 0, retried: 0, failed: 0 };
  try {
    // one mail claimed at a time, right before it is sent: its claim never runs out while it waits its turn,
    // and several processes share the outbox mail by mail. Only what was due when the round began: a mail
    // this round tried and scheduled again (at the earliest now, with no backoff) waits for the next one
    const began = new Date(Date.now() - 1);
    for (let n = 0; n < batchSize && !stopped(); n++) {
      const [mail] = await d.storage.claimDueMails(new Date(), 1, claimMs, began);
      if (!mail) break;
      await deliver(d, mail, result);
    }
  } catch (error) {
    // a storage error (database down) ends this round; the next round tries again
    d.log(`smtp: delivery round stopped: ${describeError(error)}`);
  }
  return result;
}

/** Delivers the outbox over SMTP in the background, with retries and backoff, recording the outcome on mail and lead. */
export function startSmtpDelivery(options: SmtpDeliveryOptions): SmtpDelivery {
  const {
    storage,
    from,
    intervalMs = 10_000,
    maxAttempts = 8,
    backoffMs = defaultBackoffMs,
    batchSize = 50,
    claimMs = 300_000,
    log = (line) => console.log(line),
  } = options;
  const transport = smtpTransport(options.smtpUrl);
  const deliverer: Deliverer = { transport, storage, from, maxAttempts, backoffMs, log };

  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const round = () => deliveryRound(deliverer, batchSize, claimMs, () => stopped);

  function runOnce(): Promise<DeliveryRound> {
    const next = chain.then(() => (stopped ? { sent: 0, retried: 0, failed: 0 } : round()));
    chain = next;
    return next;
  }

  function schedule(delay: number): void {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => void runOnce().then(() => schedule(intervalMs)), delay);
    // the loop alone must not keep the process alive
    timer.unref();
  }
  // the first round right away: mails left in the outbox by the previous run go out on start
  schedule(0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await chain;
      transport.close();
    },
  };
}
