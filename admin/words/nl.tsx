import type { ReactNode } from 'react';
import type { ApiError, AuditKind, LeadStatusName, StaffRole } from '../../core/admin/contract.ts';
import type { SystemWarning } from '../../core/admin/system.ts';

/**
 * Every text of the back office in Dutch: the catalog the English one must match key for key (en.tsx).
 * The browser tests match these sentences exactly, so a change here is a change there.
 */
export const nl = {
  locale: 'nl-NL',
  backoffice: 'Backoffice',
  loading: 'Laden…',
  busy: 'Bezig…',
  cancel: 'Annuleren',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  code: 'Code',
  signOut: 'Afmelden',
  pageTitle: (title: string) => `${title} · Backoffice`,

  /** The server's refusals (core/admin/contract.ts, ApiError), in words for the person. */
  problems: {
    busy: 'Er wordt nu op veel plaatsen tegelijk aangemeld. Wacht een paar seconden en probeer het dan opnieuw.',
    network: 'De server is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
    'signed-out': 'U bent afgemeld. Meld u opnieuw aan.',
    forbidden: 'Dit kan uw rol niet. Vraag het een beheerder als u het nodig hebt.',
    'step-up': 'Bevestig eerst opnieuw wie u bent.',
    refused: 'E-mailadres, wachtwoord of code klopt niet.',
    invitation: 'Deze uitnodigingslink werkt niet (meer): hij is onbekend, al gebruikt of verlopen.',
    code: 'Die code klopt niet. Kijk in de app naar de code van nu en typ de 6 cijfers.',
    'not-found': 'Dit bestaat niet (meer).',
    self: 'Dit kan niet bij uw eigen account: vraag het een andere beheerder.',
    exists: 'Er is al een account met dit e-mailadres.',
    'invalid-email': 'Dit is geen geldig e-mailadres.',
    'invalid-role': 'Kies een rol.',
    invalid: 'Dit verzoek klopt niet. Herlaad de pagina en probeer het opnieuw.',
    'passkeys-unavailable': 'Passkeys werken niet op dit adres van de backoffice. Meld u aan met uw wachtwoord en code.',
    'passkey-cancelled': 'Er is geen passkey gebruikt. Probeer het opnieuw, of meld u aan met uw wachtwoord en code.',
    'wrong-password': 'Uw huidige wachtwoord klopt niet. Er is niets gewijzigd.',
    'no-move': 'Er wacht geen nieuwe app op een code. Begin opnieuw met ‘Naar een nieuwe telefoon verhuizen’.',
  },
  passwordProblems: {
    'too-short': 'Dit wachtwoord is te kort: kies er een van minstens 8 tekens. Een zin van een paar woorden werkt goed.',
    'too-long': 'Dit wachtwoord is te lang: maximaal 128 tekens.',
    common: 'Dit wachtwoord komt te vaak voor en is makkelijk te raden. Kies een ander, bijvoorbeeld een zin van een paar woorden.',
  } satisfies Record<NonNullable<ApiError['problem']>, string>,
  throttled: (seconds?: number) => `Te veel pogingen. Wacht ${seconds ?? 'een paar'} seconden en probeer het dan opnieuw.`,
  unknownProblem: 'Er ging iets mis. Probeer het opnieuw; blijft het misgaan, meld het dan.',

  roles: { admin: 'Beheerder', editor: 'Redacteur', sales: 'Verkoop' } satisfies Record<StaffRole, string>,
  statuses: { new: 'Nieuw', contacted: 'Contact opgenomen', won: 'Gewonnen', lost: 'Verloren' } satisfies Record<LeadStatusName, string>,
  /** Each kind of the audit log (server/staff/store/audit.ts). */
  auditKinds: {
    'staff.invited': 'Iemand uitgenodigd',
    'staff.reset': 'Account opnieuw ingesteld (nieuwe uitnodiging)',
    'staff.disabled': 'Account geblokkeerd',
    'staff.enabled': 'Account weer toegelaten',
    'staff.role-changed': 'Rol gewijzigd',
    'invitation.accepted': 'Uitnodiging aangenomen',
    'sign-in.succeeded': 'Aangemeld',
    'sign-in.failed': 'Mislukte aanmelding',
    'sign-in.throttled': 'Aanmelden tijdelijk afgeremd (te veel pogingen)',
    'session.ended': 'Sessie beëindigd',
    'sessions.ended': 'Alle sessies beëindigd',
    'factor.recovery-code-used': 'Aangemeld met een herstelcode',
    'factor.passkey-added': 'Passkey toegevoegd',
    'factor.passkey-removed': 'Passkey verwijderd',
    'factor.password-changed': 'Eigen wachtwoord gewijzigd',
    'factor.recovery-codes-renewed': 'Nieuwe herstelcodes gemaakt (de oude werken niet meer)',
    'factor.totp-moved': 'Authenticator-app naar een nieuwe telefoon verhuisd',
    'lead.viewed': 'Lead bekeken',
    'lead.status-changed': 'Status van een lead gewijzigd',
    'lead.marked-spam': 'Lead als spam gemarkeerd',
    'lead.marked-not-spam': 'Lead als geen spam gemarkeerd',
    'lead.note-added': 'Notitie bij een lead geschreven',
    'lead.exported': 'Gegevens van een persoon geëxporteerd',
    'lead.erased': 'Gegevens van een persoon gewist',
    'studio.opened': 'Studio geopend',
    'site.changed': 'Website gewijzigd in de studio',
    'site.published': 'Website gepubliceerd',
    'client-link.made': 'Voorbeeldlink voor een klant gemaakt',
    'client-link.revoked': 'Voorbeeldlink ingetrokken',
  } satisfies Record<AuditKind, string>,
  /** A mail's or a lead's delivery state. */
  deliveries: {
    pending: 'Nog geen mail verstuurd',
    'emailjs-sent': 'Mail verstuurd (EmailJS)',
    'emailjs-failed': 'Mail via EmailJS mislukt',
    outbox: 'Mail wacht in de uitbak (geen mailserver ingesteld)',
    'smtp-sent': 'Mail verstuurd',
    'smtp-retrying': 'Mail wordt opnieuw geprobeerd',
    'smtp-failed': 'Mail mislukt',
    sent: 'Verstuurd',
    retrying: 'Wordt opnieuw geprobeerd',
    failed: 'Mislukt',
  },

  screens: { leads: 'Leads', people: 'Mensen', audit: 'Logboek', system: 'Systeem', account: 'Account', studio: 'Studio' },
  layout: { loading: 'Even laden…', skip: 'Naar de inhoud', nav: 'Onderdelen', studioFailed: 'De studio ging niet open. Probeer het nog eens.' },
  app: {
    notForRole: 'Niet voor uw rol',
    notForRoleText: 'Dit onderdeel is niet voor uw rol. Vraag een beheerder als u het toch nodig hebt.',
    notFoundTitle: 'Niet gevonden',
    notFound: 'Deze pagina bestaat niet',
    notFoundText: 'Kies een onderdeel in het menu bovenaan.',
  },

  signIn: {
    title: 'Aanmelden',
    button: 'Aanmelden',
    busy: 'Bezig met aanmelden…',
    back: 'Meld u aan om verder te gaan waar u was.',
    passkey: 'Aanmelden met een passkey',
    orPassword: 'Of met uw wachtwoord en de code uit uw authenticator-app:',
    codeHint: 'De 6 cijfers uit uw authenticator-app, of een van uw herstelcodes.',
    noAccount: 'Nog geen account of kunt u niet meer aanmelden? Vraag een beheerder om een (nieuwe) uitnodigingslink.',
    remember: 'Op dit apparaat 30 dagen aangemeld blijven',
    rememberHint:
      'Alleen op een eigen apparaat dat u met niemand deelt. Voor exporteren, wissen en het beheer van collega’s vragen we dan toch nog uw wachtwoord.',
  },

  signInAgain: {
    title: 'Meld u opnieuw aan',
    text: 'Uw sessie is verlopen. Wat u hebt ingevuld staat nog op de pagina en wordt verstuurd zodra u weer bent aangemeld.',
    notNow: 'Nu niet',
  },

  stepUp: {
    title: 'Bevestig dat u het bent',
    text: 'Voor deze handeling vragen we uw wachtwoord en een code nog een keer. Daarna kunt u 10 minuten verder zonder deze vraag.',
    codeHint: 'De 6 cijfers uit uw authenticator-app, of een herstelcode.',
    confirm: 'Bevestigen',
  },

  invitation: {
    loading: 'Uitnodiging ophalen…',
    goneTitle: 'Uitnodiging werkt niet',
    gone: 'Deze uitnodiging werkt niet',
    goneText: 'Vraag een beheerder om een nieuwe uitnodigingslink. Een link is 72 uur geldig en werkt maar één keer.',
    title: 'Account instellen',
    welcome: 'Welkom! Stel uw account in',
    intro: (email: string, role: string, until: string): ReactNode => (
      <>
        Deze uitnodiging is voor <strong>{email}</strong> met de rol <strong>{role}</strong>. De link is geldig tot {until}.
      </>
    ),
    step1: '1. Kies een wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    newPasswordHint: 'Minstens 8 tekens. Een zin van een paar woorden is sterk en makkelijk te onthouden.',
    step2: '2. Koppel uw authenticator-app',
    step2Text:
      'Open een authenticator-app op uw telefoon (bijvoorbeeld Google Authenticator, Microsoft Authenticator of 1Password) en scan deze QR-code. Lukt scannen niet? Typ dan de sleutel hieronder in de app.',
    qrAlt: (email: string) => `QR-code om ${email} aan uw authenticator-app toe te voegen`,
    secretLabel: 'Sleutel om over te typen',
    timeBased: 'Kies in de app voor ‘tijdgebaseerd’ als daarnaar gevraagd wordt.',
    openInApp: 'Op deze telefoon? Open de sleutel in uw authenticator-app',
    otherDevice: 'Of scan de QR-code met de telefoon waarop uw authenticator-app staat.',
    step3: '3. Typ de code uit de app',
    codeLabel: 'Code van 6 cijfers',
    codeHint: 'De app toont elke 30 seconden een nieuwe code.',
    submit: 'Account instellen',
  },

  recovery: {
    title: 'Herstelcodes',
    heading: 'Bewaar uw herstelcodes',
    ready: 'Uw account is klaar en u bent aangemeld.',
    text: (): ReactNode => (
      <>
        Bent u uw telefoon kwijt, dan meldt u zich aan met een van deze codes in plaats van de code uit de app. Elke code werkt één keer. U ziet ze{' '}
        <strong>alleen nu</strong>: bewaar ze op een veilige plek, bijvoorbeeld in uw wachtwoordmanager of geprint in een la.
      </>
    ),
    saved: 'Ik heb ze bewaard, ga verder',
    file: (email: string, codes: string) => `Herstelcodes backoffice voor ${email}\nElke code werkt één keer.\n\n${codes}\n`,
    fileName: 'herstelcodes-backoffice.txt',
    copied: 'De codes staan op het klembord.',
    copyFailed: 'Kopiëren lukte niet: selecteer de codes en kopieer ze zelf, of download ze.',
    list: 'Herstelcodes',
    copy: 'Kopiëren',
    print: 'Afdrukken',
    download: 'Downloaden',
  },

  account: {
    heading: 'Mijn account',
    signedInAs: (email: string, role: string): ReactNode => (
      <>
        U bent aangemeld als <strong>{email}</strong> ({role}).
      </>
    ),
    where: 'Waar u bent aangemeld',
    unknownDevice: 'Onbekend apparaat',
    unknownDeviceLower: 'onbekend apparaat',
    thisDevice: 'Dit apparaat',
    /** a session of the studio, opened from the back office */
    studio: 'Studio',
    since: (since: string, seen: string) => `Aangemeld op ${since} · laatst actief ${seen}`,
    end: 'Beëindigen',
    ended: 'De sessie is beëindigd: dat apparaat moet opnieuw aanmelden.',
    keptUntil: (date: string) => `Blijft aangemeld tot ${date}`,
    endOthers: 'Op alle andere apparaten afmelden',
    endedOthers: (count: number) =>
      count === 1 ? 'U bent op 1 ander apparaat afgemeld.' : `U bent op ${count} andere apparaten afgemeld. Op dit apparaat blijft u aangemeld.`,
  },

  /** The account page's password, authenticator app and recovery codes (account-factors.tsx). */
  factors: {
    passwordHeading: 'Wachtwoord',
    passwordChangedAt: (date: string) => `Laatst gewijzigd op ${date}.`,
    passwordIntro: 'Denkt u dat iemand anders uw wachtwoord kent, of wilt u een ander wachtwoord? Wijzig het hier.',
    changePassword: 'Wachtwoord wijzigen',
    passwordSignsOut: 'Na het wijzigen wordt u op al uw andere apparaten afgemeld. Op dit apparaat blijft u aangemeld.',
    currentPassword: 'Huidig wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    savePassword: 'Nieuw wachtwoord opslaan',
    passwordDone: (others: number) =>
      others === 0
        ? 'Uw wachtwoord is gewijzigd. U was nergens anders aangemeld; op dit apparaat blijft u aangemeld.'
        : `Uw wachtwoord is gewijzigd. U bent afgemeld op ${others === 1 ? '1 ander apparaat' : `${others} andere apparaten`}; op dit apparaat blijft u aangemeld.`,

    authenticatorHeading: 'Authenticator-app',
    authenticatorSince: (date: string) => `Gekoppeld op ${date}.`,
    authenticatorIntro: 'Een nieuwe telefoon? Koppel de app daarop. Tot u de nieuwe app bevestigt, blijven de codes uit de oude app werken.',
    move: 'Naar een nieuwe telefoon verhuizen',
    moveStep1: '1. Scan de QR-code met uw nieuwe telefoon',
    moveStep1Text: 'Open de authenticator-app op uw nieuwe telefoon en scan deze QR-code. Lukt scannen niet? Typ dan de sleutel hieronder in de app.',
    moveStep2: '2. Typ de code uit de nieuwe app',
    moveCodeLabel: 'Code van 6 cijfers uit de nieuwe app',
    moveCodeHint: 'Pas als deze code klopt, stopt de oude app. Tot dan meldt u zich aan zoals altijd.',
    confirmMove: 'Nieuwe app bevestigen',
    moveDone:
      'De authenticator-app is verhuisd. Vanaf nu werken alleen de codes uit de nieuwe app. In de app op uw oude telefoon kunt u de oude vermelding verwijderen.',

    recoveryHeading: 'Herstelcodes',
    recoveryLeft: (left: number) =>
      left === 0
        ? 'U hebt geen ongebruikte herstelcodes meer. Maak nieuwe, zodat u ook zonder telefoon kunt aanmelden.'
        : `U hebt nog ${left === 1 ? '1 ongebruikte herstelcode' : `${left} ongebruikte herstelcodes`}.`,
    recoveryIntro: 'Bijna op, of weet u niet meer waar ze zijn? Maak nieuwe. De oude werken dan meteen niet meer.',
    renew: 'Nieuwe herstelcodes maken',
    renewTitle: 'Nieuwe herstelcodes maken?',
    renewText: 'Uw huidige herstelcodes werken daarna meteen niet meer, ook de codes die u hebt bewaard of geprint.',
    renewYes: 'Ja, nieuwe codes maken',
    renewedHeading: 'Uw nieuwe herstelcodes',
    renewed: 'Er zijn nieuwe herstelcodes gemaakt. De oude werken niet meer.',
    renewedText: (): ReactNode => (
      <>
        Elke code werkt één keer, in plaats van de code uit de app. U ziet ze <strong>alleen nu</strong>: bewaar ze op een veilige plek, bijvoorbeeld in uw
        wachtwoordmanager of geprint in een la.
      </>
    ),
    renewedSaved: 'Ik heb ze bewaard',
    renewedNote: 'Uw nieuwe herstelcodes zijn klaar. De oude werken niet meer.',
  },

  passkeys: {
    heading: 'Passkeys',
    fallbackName: 'Passkey',
    intro: 'Met een passkey meldt u zich aan met de vingerafdruk, het gezicht of de pincode van uw apparaat, zonder wachtwoord of code.',
    added: (date: string) => `Toegevoegd op ${date}`,
    lastUsed: (date: string) => `laatst gebruikt ${date}`,
    notUsed: 'nog niet gebruikt',
    remove: 'Verwijderen',
    removeLabel: (name: string) => `Passkey “${name}” verwijderen`,
    confirmRemove: (name: string) => `Passkey “${name}” verwijderen? Met dat apparaat kunt u daarna niet meer aanmelden.`,
    addedNote: (name: string) => `Passkey “${name}” toegevoegd: u kunt er voortaan mee aanmelden.`,
    removedNote: (name: string) => `Passkey “${name}” verwijderd.`,
    nameLabel: 'Naam van dit apparaat',
    nameHint: 'Zo herkent u de passkey later, bijvoorbeeld ‘Laptop kantoor’.',
    add: 'Passkey toevoegen',
  },

  people: {
    heading: 'Mensen',
    everyone: 'Iedereen',
    nobody: 'Nog niemand.',
    blocked: 'Geblokkeerd',
    invitationOpen: 'Uitnodiging open',
    activeNow: 'Actief, nu aangemeld',
    active: 'Actief',
    linkFor: (email: string) => `Uitnodigingslink voor ${email}`,
    linkValid: (until: string) => ` (geldig tot ${until}, werkt één keer). Geef deze link zelf aan de persoon, bijvoorbeeld via een chatbericht:`,
    linkMailed: (email: string) => `De link is ook naar ${email} gemaild.`,
    copied: 'Gekopieerd.',
    copyFailed: 'Kopiëren lukte niet: selecteer de link.',
    copyLink: 'Link kopiëren',
    invite: 'Iemand uitnodigen',
    role: 'Rol',
    inviteButton: 'Uitnodigen',
    rolesExplained: 'Verkoop: leads. Redacteur: de inhoud van de site. Beheerder: alles, ook mensen en het logboek.',
    confirmReset: (email: string) => `Nieuwe uitnodiging voor ${email}? Hun wachtwoord, authenticator en herstelcodes vervallen en ze worden overal afgemeld.`,
    confirmBlock: (email: string) => `${email} blokkeren? Ze worden overal afgemeld en kunnen niet meer aanmelden.`,
    meta: (role: string, since: string, codes: number) => `${role} · sinds ${since} · ${codes} herstelcodes over`,
    yourself: 'Dit bent u: uw eigen rol of account verandert een andere beheerder.',
    roleOf: (email: string) => `Rol van ${email}`,
    allow: 'Toelaten',
    block: 'Blokkeren',
    newInvitation: 'Nieuwe uitnodiging',
    newInvitationFor: (email: string) => ` voor ${email}`,
  },

  audit: {
    heading: 'Logboek',
    intro: 'Wie wat deed in de backoffice, nieuwste eerst. Het logboek bewaart geen namen of inhoud van leads, alleen wat er gebeurde.',
    older: 'Oudere gebeurtenissen',
    when: 'Wanneer',
    what: 'Wat',
    by: 'Door',
    about: 'Betreft',
    events: 'Gebeurtenissen',
    byLower: (who: string) => `door ${who}`,
    aboutLower: (what: string) => ` · betreft ${what}`,
    lead: (id: string) => `lead ${id}`,
    goneActor: 'iemand (account bestaat niet meer)',
    server: 'de server (opdrachtregel)',
  },

  /** The System screen (system.tsx): the state of the whole system, for admins. */
  system: {
    heading: 'Systeem',
    intro: 'Hoe de website, de mail en de servers er nu voor staan.',
    refresh: 'Vernieuwen',
    checkedAt: (time: string) => `Bijgewerkt om ${time}`,
    allWell: 'Alles in orde.',
    warnings: {
      'mail-stuck': 'Er wacht al meer dan 15 minuten een mail om verstuurd te worden.',
      'disk-low': 'Er is minder dan 10% schijfruimte vrij.',
      'no-backup': 'Er is nog geen back-up vastgelegd. Vraag uw beheerder de dagelijkse back-up in te stellen.',
      'old-backup': 'De laatste back-up is meer dan 2 dagen oud.',
    } satisfies Record<SystemWarning, string>,
    justNow: 'zojuist',
    /** an age or a time with its date and time beside it */
    when: (ago: string, at: string) => `${ago} (${at})`,
    unknown: 'onbekend',
    mail: 'Mail',
    mailWaiting: 'Wacht op verzenden',
    mails: (n: number) => (n === 0 ? 'geen' : n === 1 ? '1 mail' : `${n} mails`),
    mailOldest: 'Oudste wachtende mail',
    mailFailed: 'Mislukt (na alle pogingen)',
    leads: 'Leads',
    leadsStored: 'Bewaard',
    leadCount: (n: number) => (n === 1 ? '1 lead' : `${n} leads`),
    disk: 'Schijf',
    diskFree: 'Vrij',
    diskFreeOf: (free: string, total: string) => `${free} van ${total}`,
    diskPercent: (percent: string) => `${percent} vrij`,
    diskUnknown: 'De schijfruimte kon niet worden gelezen.',
    backup: 'Back-up',
    backupNone: 'Er is nog geen back-up vastgelegd.',
    backupAt: 'Laatste back-up',
    by: 'Door',
    size: 'Grootte',
    duration: 'Duur',
    publish: 'Publiceren',
    publishNone: 'Er is nog niet gepubliceerd vanuit de studio.',
    publishAt: 'Laatst gepubliceerd',
    buildAt: 'Laatste versie live gezet',
    buildIn: (when: string, took: string) => `${when}, in ${took}`,
    buildNone: 'nog niet vastgelegd',
    servers: 'Servers',
    serversNone: 'Er heeft zich nog geen server gemeld.',
    host: 'Server',
    kind: 'Soort',
    kinds: { site: 'Site', studio: 'Studio' },
    started: 'Gestart',
    lastSeen: 'Laatst gezien',
    version: 'Versie',
    state: 'Staat',
    active: 'actief',
    gone: 'weg',
    holdsStudio: 'heeft de studio',
    startedLower: (when: string) => `gestart ${when}`,
    seenLower: (when: string) => `laatst gezien ${when}`,
    versionLower: (version: string) => `versie ${version}`,
  },

  leads: {
    heading: 'Leads',
    spam: 'Spam',
    review: 'Controleren',
    photos: 'Foto’s',
    loading: 'Leads laden…',
    found: (total: number) => `${total} ${total === 1 ? 'lead' : 'leads'} gevonden`,
    none: 'Geen leads die hierbij passen.',
    more: 'Meer laden',
    filter: 'Leads filteren',
    search: 'Zoeken',
    searchPlaceholder: 'Naam, e-mail, telefoon of tekst',
    form: 'Formulier',
    all: 'Alle',
    status: 'Status',
    everything: 'Alles',
    noSpam: 'Geen spam',
    onlySpam: 'Alleen spam',
    from: 'Vanaf',
    to: 'Tot en met',
    table: 'Leads',
    date: 'Datum',
    name: 'Naam',
    message: 'Bericht',
    noName: 'Zonder naam',
    unread: 'Ongelezen: ',
    withCount: (name: string, n: number) => `${name} (${n})`,
  },

  lead: {
    title: 'Lead',
    noName: 'Lead zonder naam',
    back: '← Terug naar de leads',
    backButton: 'Terug naar de leads',
    received: (date: string) => ` · binnengekomen op ${date}`,
    review: 'Controleren: zonder controle op tijd verstuurd',
    filledIn: 'Wat er is ingevuld',
    reach: 'Contact opnemen',
    call: (phone: string) => `Bellen: ${phone}`,
    mailTo: (email: string) => `Mailen: ${email}`,
    greeting: (name: string) => (name ? `Beste ${name},\n\n` : 'Goedendag,\n\n'),
    empty: '(leeg)',
    photos: 'Foto’s',
    photoAlt: (photo: string, name: string) => `${photo} van ${name || 'de aanvrager'}`,
    notes: 'Notities',
    noNotes: 'Nog geen notities.',
    unknownAuthor: 'onbekend',
    newNote: 'Nieuwe notitie',
    noteHint: 'Alleen zichtbaar voor collega’s in de backoffice.',
    addNote: 'Notitie toevoegen',
    noteSaved: 'Notitie opgeslagen.',
    unreachable: 'De server is even niet bereikbaar. Wat u invulde of koos staat nog op de pagina; probeer het zo opnieuw.',
    signedOutKept: 'Niet verstuurd: u bent afgemeld. Wat u invulde staat nog op de pagina; meld u aan en probeer het opnieuw.',
    retry: 'Opnieuw versturen',
    handle: 'Behandelen',
    statusChanged: (status: string) => `Status gewijzigd in ‘${status}’.`,
    markedNotSpam: 'Gemarkeerd als geen spam.',
    markedSpam: 'Gemarkeerd als spam.',
    undo: 'Ongedaan maken',
    markNotSpam: 'Markeren als geen spam',
    markSpam: 'Markeren als spam',
    mail: 'Mail',
    sentAt: (date: string) => ` op ${date}`,
    attempts: (n: number) => `${n} ${n === 1 ? 'poging' : 'pogingen'}`,
    eraseTitle: 'Alles van deze persoon wissen?',
    eraseText: (who: string): ReactNode => (
      <>
        Dit wist voorgoed alles wat we van <strong>{who || 'deze persoon'}</strong> bewaren: al hun leads (ook van andere formulieren), hun foto’s, de mails
        erover en de notities. Dit kan niet ongedaan worden gemaakt.
      </>
    ),
    eraseYes: 'Ja, alles wissen',
    exported: 'De export is gedownload.',
    erasedNote: 'Gewist.',
    personData: 'Gegevens van deze persoon',
    erasedOn: (date: string) => `Wordt automatisch gewist op ${date}.`,
    export: 'Exporteren',
    erase: 'Wissen',
    erasedTitle: 'Gewist',
    otherLeads: 'Andere leads van deze persoon',
    otherLeadsHint: 'Met hetzelfde e-mailadres of telefoonnummer.',
    otherLead: (form: string, date: string) => `${form}, ${date}`,
    noteOn: (form: string, date: string) => `bij ${form} van ${date}`,
    noteHere: 'bij deze lead',
    personStatus: 'Alle leads van deze persoon',
    personStatusHint: 'Voor elke lead van deze persoon die geen spam is.',
    personStatusApply: 'Op alle leads zetten',
    personStatusChanged: (n: number, status: string) =>
      n === 0 ? `Alle leads van deze persoon stonden al op ‘${status}’.` : `${n} ${n === 1 ? 'lead' : 'leads'} van deze persoon op ‘${status}’ gezet.`,
    perPerson: (email: string) =>
      email
        ? `Exporteren en wissen gelden voor de hele persoon: alles met het e-mailadres ${email}, ook hun andere leads.`
        : 'Exporteren en wissen gelden alleen voor deze lead: er is geen e-mailadres om de persoon aan te herkennen.',
    erased: (leads: number, photos: number, mails: number) =>
      `Alles van deze persoon is gewist: ${leads} ${leads === 1 ? 'lead' : 'leads'}, ${photos} foto’s en ${mails} mails.`,
  },
};

/** The shape every language's catalog has: a text missing in one fails the type check. */
export type Words = typeof nl;
