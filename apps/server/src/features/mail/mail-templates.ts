import type { LanguageCode } from '@climbing/domain';

export interface MailContent {
  subject: string;
  text: string;
}

type Template<Data> = Record<LanguageCode, (data: Data) => MailContent>;

export interface InvitationMailData {
  organizationName: string;
  link: string;
  expiresAt: Date;
}

export interface MembershipOfferMailData {
  organizationName: string;
  link: string;
}

export interface PasswordResetMailData {
  name: string;
  link: string;
  validMinutes: number;
}

export interface SetPasswordMailData {
  name: string;
  organizationName: string;
  email: string;
  link: string;
  expiresAt: Date;
}

export interface EmailChangeMailData {
  name: string;
  newEmail: string;
  link: string;
  validHours: number;
}

/** To the new address: the change takes effect only when this link is opened. */
export const EMAIL_CHANGE_CONFIRM_MAIL: Template<EmailChangeMailData> = {
  SK: ({ name, newEmail, link, validHours }) => ({
    subject: 'Potvrďte nový e-mail',
    text: `Dobrý deň ${name},\n\npožiadali ste o zmenu e-mailu svojho účtu na ${newEmail}.\nZmena začne platiť, až keď ju potvrdíte na tomto odkaze:\n\n${link}\n\nOdkaz platí ${validHours} hodín a dá sa použiť iba raz.\nAk ste o zmenu nežiadali, tento e-mail ignorujte; účet zostáva na pôvodnom e-maile.\n`,
  }),
  EN: ({ name, newEmail, link, validHours }) => ({
    subject: 'Confirm your new e-mail',
    text: `Hello ${name},\n\nyou asked to change the e-mail of your account to ${newEmail}.\nThe change takes effect only when you confirm it at this link:\n\n${link}\n\nThe link is valid for ${validHours} hours and can be used once.\nIf you did not ask for this, ignore this e-mail; the account keeps its current e-mail.\n`,
  }),
};

/** To the old address: someone with the password asked to move the account to another e-mail. */
export const EMAIL_CHANGE_NOTICE_MAIL: Template<Omit<EmailChangeMailData, 'link'>> = {
  SK: ({ name, newEmail, validHours }) => ({
    subject: 'Žiadosť o zmenu e-mailu vášho účtu',
    text: `Dobrý deň ${name},\n\nniekto prihlásený do vášho účtu so správnym heslom požiadal o zmenu jeho e-mailu na ${newEmail}.\nZmena začne platiť, až keď ju niekto potvrdí odkazom poslaným na novú adresu (do ${validHours} hodín).\n\nAk ste to neboli vy, ihneď si zmeňte heslo (Profil → Zmena hesla, alebo „Zabudnuté heslo“ na prihlásení); zmena hesla odhlási všetky ostatné zariadenia.\n`,
  }),
  EN: ({ name, newEmail, validHours }) => ({
    subject: 'A request to change the e-mail of your account',
    text: `Hello ${name},\n\nsomeone logged in to your account with the correct password asked to change its e-mail to ${newEmail}.\nThe change takes effect only when it is confirmed with the link sent to the new address (within ${validHours} hours).\n\nIf this was not you, change your password now (Profile → Change password, or "Forgot password" on the login page); a password change logs out every other device.\n`,
  }),
};

export interface ContactMailData {
  fromEmail: string;
  message: string;
}

const day = (date: Date, locale: string) => date.toLocaleDateString(locale, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/*
 * Plain-text e-mails only: user-typed values (an organization name, a contact message) are never
 * put into HTML, so nothing a user types can become markup in someone's mail client.
 */
export const INVITATION_MAIL: Template<InvitationMailData> = {
  SK: ({ organizationName, link, expiresAt }) => ({
    subject: `Pozvánka do organizácie ${organizationName}`,
    text: `Dobrý deň,\n\nboli ste pozvaný(á) stať sa členom organizácie ${organizationName}.\nPozvánku prijmete na tomto odkaze:\n\n${link}\n\nOdkaz platí do ${day(expiresAt, 'sk-SK')} a dá sa použiť iba raz.\nAk pozvánku nečakáte, tento e-mail ignorujte.\n`,
  }),
  EN: ({ organizationName, link, expiresAt }) => ({
    subject: `Invitation to ${organizationName}`,
    text: `Hello,\n\nyou have been invited to become a member of ${organizationName}.\nAccept the invitation at this link:\n\n${link}\n\nThe link is valid until ${day(expiresAt, 'en-GB')} and can be used once.\nIf you did not expect this invitation, ignore this e-mail.\n`,
  }),
};

/** An admin added an existing account: the owner accepts (or declines) on their board. */
export const MEMBERSHIP_OFFER_MAIL: Template<MembershipOfferMailData> = {
  SK: ({ organizationName, link }) => ({
    subject: `Ponuka členstva v organizácii ${organizationName}`,
    text: `Dobrý deň,\n\nadministrátor organizácie ${organizationName} vás pridal medzi členov.\nČlenom sa stanete, až keď ponuku prijmete na svojej nástenke:\n\n${link}\n\nKým ponuku neprijmete, organizácia vidí iba vaše meno. Ak ponuku nečakáte, odmietnite ju alebo tento e-mail ignorujte.\n`,
  }),
  EN: ({ organizationName, link }) => ({
    subject: `Membership offer from ${organizationName}`,
    text: `Hello,\n\nan administrator of ${organizationName} added you as a member.\nYou become a member only when you accept on your board:\n\n${link}\n\nUntil you accept, the organization sees only your name. If you did not expect this, decline it or ignore this e-mail.\n`,
  }),
};

export const PASSWORD_RESET_MAIL: Template<PasswordResetMailData> = {
  SK: ({ name, link, validMinutes }) => ({
    subject: 'Obnovenie hesla',
    text: `Dobrý deň ${name},\n\nnové heslo si nastavíte na tomto odkaze:\n\n${link}\n\nOdkaz platí ${validMinutes} minút a dá sa použiť iba raz.\nAk ste o obnovenie hesla nežiadali, tento e-mail ignorujte; vaše heslo zostáva nezmenené.\n`,
  }),
  EN: ({ name, link, validMinutes }) => ({
    subject: 'Password reset',
    text: `Hello ${name},\n\nset a new password at this link:\n\n${link}\n\nThe link is valid for ${validMinutes} minutes and can be used once.\nIf you did not ask for a password reset, ignore this e-mail; your password stays unchanged.\n`,
  }),
};

/** An organization's admin created the account: its owner sets the first password. */
export const SET_PASSWORD_MAIL: Template<SetPasswordMailData> = {
  SK: ({ name, organizationName, email, link, expiresAt }) => ({
    subject: `Nastavte si heslo – ${organizationName}`,
    text: `Dobrý deň ${name},\n\nadministrátor organizácie ${organizationName} vám vytvoril účet pre e-mail ${email}.\nHeslo si nastavíte na tomto odkaze:\n\n${link}\n\nOdkaz platí do ${day(expiresAt, 'sk-SK')} a dá sa použiť iba raz. Ak vyprší, požiadajte administrátora organizácie o nový.\nPo nastavení hesla sa prihlásite svojím e-mailom a heslom.\n`,
  }),
  EN: ({ name, organizationName, email, link, expiresAt }) => ({
    subject: `Set your password – ${organizationName}`,
    text: `Hello ${name},\n\nan administrator of ${organizationName} created an account for you with the e-mail ${email}.\nSet your password at this link:\n\n${link}\n\nThe link is valid until ${day(expiresAt, 'en-GB')} and can be used once. If it expires, ask the organization's administrator for a new one.\nOnce the password is set, log in with your e-mail and password.\n`,
  }),
};

export const CONTACT_MAIL: Template<ContactMailData> = {
  SK: ({ fromEmail, message }) => ({
    subject: `Správa z kontaktného formulára od ${fromEmail}`,
    text: `Odosielateľ: ${fromEmail}\n\n${message}\n`,
  }),
  EN: ({ fromEmail, message }) => ({
    subject: `Contact form message from ${fromEmail}`,
    text: `From: ${fromEmail}\n\n${message}\n`,
  }),
};

export interface RegistrationMailData {
  name: string;
  eventName: string;
  raceName: string;
  startingDate: string;
  racerNumber: number;
  checkInCode: string;
  link: string;
  /** The racer has an account, whose board shows the code too (a one-time racer has only this mail). */
  withAccount: boolean;
}

/** The confirmation of a race registration with the check-in code (spec 5; issue 10: QR at the desk). */
export const REGISTRATION_MAIL: Template<RegistrationMailData> = {
  SK: ({ name, eventName, raceName, startingDate, racerNumber, checkInCode, link, withAccount }) => ({
    subject: `Prihláška: ${eventName} – ${raceName}`,
    text: `Dobrý deň ${name},\n\nste prihlásený(á) na preteky ${raceName} podujatia ${eventName} (${day(new Date(`${startingDate}T00:00:00Z`), 'sk-SK')}).\nŠtartové číslo: ${racerNumber}\n\nKód na prezentáciu: ${checkInCode}\nNa prezentácii ukážte QR kód z tohto e-mailu${withAccount ? ' alebo zo svojej nástenky' : ' (iný nedostanete: e-mail si ponechajte)'}; ak sa nedá naskenovať, nadiktujte kód.\n\nPodrobnosti: ${link}\n`,
  }),
  EN: ({ name, eventName, raceName, startingDate, racerNumber, checkInCode, link, withAccount }) => ({
    subject: `Registration: ${eventName} – ${raceName}`,
    text: `Hello ${name},\n\nyou are registered for ${raceName} at ${eventName} (${day(new Date(`${startingDate}T00:00:00Z`), 'en-GB')}).\nRacer number: ${racerNumber}\n\nCheck-in code: ${checkInCode}\nAt the check-in desk show the QR code from this e-mail${withAccount ? ' or from your board' : ' (keep this e-mail: it is the only copy)'}; if it cannot be scanned, read out the code.\n\nDetails: ${link}\n`,
  }),
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/**
 * The HTML alternative of a plain-text mail that shows an inline image: the text, escaped as a
 * whole (nothing a user typed becomes markup), then the image by its Content-ID.
 */
export function htmlMail(text: string, image: { cid: string; alt: string }): string {
  return `<!doctype html><html><body><div style="white-space:pre-wrap;font-family:sans-serif">${escapeHtml(text)}</div><p><img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}"></p></body></html>`;
}

export interface EventUpdateMailData {
  eventName: string;
  startingDate: string;
  closingDate: string;
  place: string | null;
  link: string;
}

const dateRange = (from: string, to: string, locale: string): string => {
  const format = (iso: string) => day(new Date(`${iso}T00:00:00Z`), locale);
  return from === to ? format(from) : `${format(from)} – ${format(to)}`;
};

export const EVENT_UPDATE_MAIL: Template<EventUpdateMailData> = {
  SK: ({ eventName, startingDate, closingDate, place, link }) => ({
    subject: `Zmena podujatia ${eventName}`,
    text: `Dobrý deň,\n\norganizátor zmenil údaje podujatia ${eventName}, na ktoré ste prihlásený(á).\n\nTermín: ${dateRange(startingDate, closingDate, 'sk-SK')}\n${place ? `Miesto: ${place}\n` : ''}\nPodrobnosti: ${link}\n`,
  }),
  EN: ({ eventName, startingDate, closingDate, place, link }) => ({
    subject: `${eventName} has changed`,
    text: `Hello,\n\nthe organiser changed the details of ${eventName}, which you are registered for.\n\nDate: ${dateRange(startingDate, closingDate, 'en-GB')}\n${place ? `Place: ${place}\n` : ''}\nDetails: ${link}\n`,
  }),
};
