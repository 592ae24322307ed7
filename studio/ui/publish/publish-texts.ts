/**
 * What Publish, Discard and History say, in the site's language (its config's `lang`): Dutch and English. One
 * entry per language, with the same keys; a language the studio does not speak gets English.
 */
const nl = {
  publish: 'Publiceren',
  discard: 'Wijzigingen weggooien',
  history: 'Geschiedenis',
  close: 'Sluiten',
  cancel: 'Annuleren',
  loading: 'Even kijken wat er veranderd is…',
  working: 'Bezig…',
  publishTitle: 'Publiceren: dit gaat live',
  nothing: 'Er is niets nieuws om te publiceren: de site is gelijk aan de laatst gepubliceerde versie.',
  noGit: 'Publiceren werkt met git, en deze site staat niet in een git-map. Vraag een ontwikkelaar om de site in git te zetten.',
  problems: (count: number) =>
    `De site heeft ${count === 1 ? 'nog 1 probleem' : `nog ${count} problemen`} (zie de lijst met problemen). Los ${count === 1 ? 'het' : 'ze'} eerst op; daarna kunt u publiceren.`,
  problemsFound: 'De site heeft nog problemen (zie de lijst met problemen). Los ze eerst op; daarna kunt u publiceren.',
  name: 'Uw naam',
  nameHint: 'Staat bij deze versie in de geschiedenis. De studio onthoudt hem op deze computer.',
  publishingAs: (who: string) => `Deze versie komt op naam van ${who} in de geschiedenis.`,
  confirmPublish: 'Nu publiceren',
  published: 'Gepubliceerd: dit is nu de laatste versie.',
  pushed: (remote: string, branch: string) => `Ook verstuurd naar ${remote} (${branch}).`,
  pushBehind: (remote: string) =>
    `Uw versie is hier bewaard, maar kon niet naar ${remote} worden verstuurd: daar staan wijzigingen van iemand anders die hier nog ontbreken. Vraag een ontwikkelaar die samen te voegen (git pull) en klik daarna op "Opnieuw versturen".`,
  pushRefused: (remote: string) =>
    `Uw versie is hier bewaard, maar ${remote} weigerde hem. Vraag een ontwikkelaar waarom (de melding staat hieronder) en klik daarna op "Opnieuw versturen".`,
  pushUnreachable: (remote: string) => `Uw versie is hier bewaard, maar ${remote} was niet te bereiken. Probeer het later opnieuw met "Opnieuw versturen".`,
  pushOutside: (remote: string) =>
    `Uw versie is hier bewaard, maar niet naar ${remote} verstuurd: er zitten wijzigingen van een ontwikkelaar tussen die geen inhoud van de site zijn, en die gaan niet mee met Publiceren. Vraag een ontwikkelaar om ze eerst zelf te versturen (de melding staat hieronder) en klik daarna op "Opnieuw versturen".`,
  sendAgain: 'Opnieuw versturen',
  detail: 'De melding, voor een ontwikkelaar',
  failed: (message: string) => `Dat lukte niet: ${message}`,
  stale: 'De site is intussen veranderd. Bekijk de wijzigingen opnieuw.',
  busy: 'Er wordt al gepubliceerd. Probeer het over een paar seconden opnieuw.',
  moved:
    'Niet gepubliceerd: de studio is intussen naar een andere server verhuisd. Laad de pagina opnieuw; uw wijzigingen die daar bewaard zijn, publiceert u daar.',
  conflict: (names: string) =>
    `Niet gepubliceerd: iemand anders heeft ${names} intussen gepubliceerd, op dezelfde plek. Hierboven staat wat er nu gepubliceerd is (doorgestreept) en wat u ervan maakte. Publiceer om uw versie te houden, gooi uw wijziging weg om die van de ander te houden, of pas het veld eerst aan.`,
  codeChanged:
    'Niet gepubliceerd: er staat nieuwe code van een ontwikkelaar klaar die eerst live moet. Vraag een ontwikkelaar die eerst uit te rollen; uw wijziging staat nog klaar.',
  buildFailed:
    'Uw versie is bewaard, maar de site kon niet worden gebouwd, dus er is niets live gegaan. Vraag een ontwikkelaar te kijken in het logboek van de server.',
  discardTitle: 'Wijzigingen weggooien',
  discardIntro: 'Alles wat nog niet gepubliceerd is gaat terug naar de laatst gepubliceerde versie. Dit gaat verloren:',
  nothingToDiscard: 'Er zijn geen wijzigingen om weg te gooien.',
  confirmDiscard: 'Weggooien',
  discardDone: 'De wijzigingen zijn weggegooid: de site is weer de laatst gepubliceerde versie.',
  historyTitle: 'Geschiedenis: gepubliceerde versies',
  noVersions: 'Er zijn nog geen gepubliceerde versies.',
  current: 'huidige versie',
  restore: 'Deze versie terugzetten',
  restoreConfirm: (date: string) => `De site wordt weer zoals op ${date}. Dat wordt een nieuwe versie; de versies daarna blijven in de geschiedenis.`,
  confirmRestore: 'Ja, terugzetten',
  unpublished: 'Er zijn wijzigingen die nog niet gepubliceerd zijn. Publiceer ze of gooi ze eerst weg; daarna kunt u een versie terugzetten.',
  discardFirst: 'Eerst de wijzigingen weggooien…',
  versionProblems: (count: number) =>
    `Deze versie kan niet worden teruggezet: er ${count === 1 ? 'zit 1 probleem' : `zitten ${count} problemen`} in, en een site met problemen kan niet live. Er is niets veranderd. Kies een andere versie, of vraag een ontwikkelaar om hulp.`,
  linkRefused: (name: string) =>
    `${name}: gaat niet mee. Dit bestand verwijst naar een bestand buiten de site (een snelkoppeling); de studio publiceert dat niet. Vraag een ontwikkelaar om het op te lossen.`,
  refusedLabel: 'Gaat niet mee',
  restoreMessage: (date: string, message: string) => `Versie van ${date} teruggezet (${message})`,
  restored: (date: string) => `De versie van ${date} is teruggezet, als nieuwe versie.`,
  by: 'door',
  settings: 'Instellingen van de site',
  block: (n: number, type: string) => `blok ${n} (${type})`,
  newPage: 'nieuwe pagina',
  pageRemoved: 'pagina verwijderd',
  newImage: 'nieuwe afbeelding',
  imageRemoved: 'afbeelding verwijderd',
  newFile: 'nieuw bestand',
  fileRemoved: 'bestand verwijderd',
  added: 'toegevoegd',
  removed: 'verwijderd',
  empty: '(leeg)',
  more: (n: number) => `en nog ${n} ${n === 1 ? 'wijziging' : 'wijzigingen'}`,
  commitSubject: 'Inhoud bijgewerkt',
};

export type PublishTexts = typeof nl;

const en: PublishTexts = {
  publish: 'Publish',
  discard: 'Discard changes',
  history: 'History',
  close: 'Close',
  cancel: 'Cancel',
  loading: 'Looking at what changed…',
  working: 'Working…',
  publishTitle: 'Publish: this goes live',
  nothing: 'There is nothing new to publish: the site is the same as the last published version.',
  noGit: 'Publishing works with git, and this site is not in a git folder. Ask a developer to put the site in git.',
  problems: (count: number) =>
    `The site still has ${count === 1 ? '1 problem' : `${count} problems`} (see the list of problems). Fix ${count === 1 ? 'it' : 'them'} first; then you can publish.`,
  problemsFound: 'The site still has problems (see the list of problems). Fix them first; then you can publish.',
  name: 'Your name',
  nameHint: 'Shown with this version in the history. The studio remembers it on this computer.',
  publishingAs: (who: string) => `This version goes into the history in the name of ${who}.`,
  confirmPublish: 'Publish now',
  published: 'Published: this is now the latest version.',
  pushed: (remote: string, branch: string) => `Also sent to ${remote} (${branch}).`,
  pushBehind: (remote: string) =>
    `Your version is saved here, but could not be sent to ${remote}: it has changes by someone else that are not here yet. Ask a developer to merge them (git pull), then click "Send again".`,
  pushRefused: (remote: string) => `Your version is saved here, but ${remote} refused it. Ask a developer why (the message is below), then click "Send again".`,
  pushUnreachable: (remote: string) => `Your version is saved here, but ${remote} could not be reached. Try again later with "Send again".`,
  pushOutside: (remote: string) =>
    `Your version is saved here, but was not sent to ${remote}: there are changes by a developer in between that are not site content, and those do not go along with Publish. Ask a developer to send them first (the message is below), then click "Send again".`,
  sendAgain: 'Send again',
  detail: 'The message, for a developer',
  failed: (message: string) => `That did not work: ${message}`,
  stale: 'The site changed in the meantime. Look at the changes again.',
  busy: 'A publish is already under way. Try again in a few seconds.',
  moved: 'Not published: the studio has moved to another server meanwhile. Reload the page; the changes saved there you publish there.',
  conflict: (names: string) =>
    `Not published: someone else published ${names} meanwhile, in the same place. Above is what is published now (struck through) and what you made of it. Publish to keep your version, discard your change to keep theirs, or adjust the field first.`,
  codeChanged: 'Not published: there is new code by a developer that has to go live first. Ask a developer to deploy it; your change is still there.',
  buildFailed: 'Your version is saved, but the site could not be built, so nothing went live. Ask a developer to look at the server’s log.',
  discardTitle: 'Discard changes',
  discardIntro: 'Everything not yet published goes back to the last published version. This will be lost:',
  nothingToDiscard: 'There are no changes to discard.',
  confirmDiscard: 'Discard',
  discardDone: 'The changes were discarded: the site is the last published version again.',
  historyTitle: 'History: published versions',
  noVersions: 'There are no published versions yet.',
  current: 'current version',
  restore: 'Restore this version',
  restoreConfirm: (date: string) => `The site becomes as it was on ${date}. That is a new version; the versions after it stay in the history.`,
  confirmRestore: 'Yes, restore',
  unpublished: 'There are changes that are not published yet. Publish or discard them first; then you can restore a version.',
  discardFirst: 'Discard the changes first…',
  versionProblems: (count: number) =>
    `This version cannot be restored: it has ${count === 1 ? '1 problem' : `${count} problems`}, and a site with problems cannot go live. Nothing was changed. Choose another version, or ask a developer for help.`,
  linkRefused: (name: string) =>
    `${name}: not included. This file points to a file outside the site (a shortcut); the studio does not publish that. Ask a developer to fix it.`,
  refusedLabel: 'Not included',
  restoreMessage: (date: string, message: string) => `Restored the version of ${date} (${message})`,
  restored: (date: string) => `The version of ${date} was restored, as a new version.`,
  by: 'by',
  settings: 'Site settings',
  block: (n: number, type: string) => `block ${n} (${type})`,
  newPage: 'new page',
  pageRemoved: 'page removed',
  newImage: 'new image',
  imageRemoved: 'image removed',
  newFile: 'new file',
  fileRemoved: 'file removed',
  added: 'added',
  removed: 'removed',
  empty: '(empty)',
  more: (n: number) => `and ${n} more ${n === 1 ? 'change' : 'changes'}`,
  commitSubject: 'Content updated',
};

const catalogs: Record<string, PublishTexts> = { nl, en };

/** The texts for a site's language (`nl`, `nl-BE`, `en-GB`, ...). */
export function publishTexts(lang: string | undefined): PublishTexts {
  return catalogs[(lang ?? '').toLowerCase().split('-')[0]!] ?? en;
}
