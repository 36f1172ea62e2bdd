import type { ErrorCode } from './error-codes.ts';

/**
 * The error catalogue of spec section 8: every failure a user can cause has a stable code,
 * an HTTP status and a message in Slovak and English. The server maps DomainError to a
 * response in one place; the web app translates by code with the same texts.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500;

interface ErrorDefinition {
  status: ErrorStatus;
  en: string;
  sk: string;
}


/** Every code of error-codes.ts with its status and texts; the type refuses a missing or an extra code. */
export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, ErrorDefinition>> = {
  // Authentication
  BAD_CREDENTIALS: { status: 401, en: 'E-mail or password is not correct.', sk: 'E-mail alebo heslo nie je správne.' },
  NOT_AUTHORIZED: { status: 401, en: 'You are not authorized.', sk: 'Nie ste autorizovaný.' },
  MISSING_TOKEN: { status: 401, en: 'Missing authorization token.', sk: 'Chýba autorizačný token.' },
  INVALID_TOKEN_SIGNATURE: { status: 401, en: 'Invalid authorization token signature.', sk: 'Neplatný podpis autorizačného tokenu.' },
  INVALID_OR_EXPIRED_TOKEN: { status: 401, en: 'The token is invalid or has expired.', sk: 'Token je neplatný alebo jeho platnosť vypršala.' },
  CSRF_TOKEN_INVALID: {
    status: 403,
    en: 'The request did not carry this session\'s security token (X-CSRF-Token). Reload the page and try again.',
    sk: 'Požiadavka neobsahovala bezpečnostný token tejto relácie (X-CSRF-Token). Obnovte stránku a skúste to znova.',
  },
  INVITATION_TOKEN_INVALID: {
    status: 400,
    en: 'The invitation token is not valid. Ask the organization admin for a new invite.',
    sk: 'Pozvánka nie je platná. Požiadajte administrátora organizácie o novú pozvánku.',
  },
  CURRENT_PASSWORD_INCORRECT: { status: 400, en: 'The current password is incorrect.', sk: 'Aktuálne heslo nie je správne.' },

  // General
  INTERNAL_SERVER_ERROR: { status: 500, en: 'Internal server error.', sk: 'Vnútorná chyba servera.' },
  UNEXPECTED_ERROR: { status: 500, en: 'An unexpected error occurred.', sk: 'Nastala neočakávaná chyba.' },
  NO_RIGHTS: { status: 403, en: 'You have no rights to perform this action.', sk: 'Nemáte oprávnenie vykonať túto akciu.' },
  FORBIDDEN: { status: 403, en: 'This action is forbidden.', sk: 'Táto akcia je zakázaná.' },
  REQUEST_NOT_FOUND: { status: 404, en: 'The request was not found.', sk: 'Požiadavka nebola nájdená.' },
  ENTITY_NOT_FOUND: {
    status: 404,
    en: 'The entity was not found, cannot be updated or you have no rights to request it.',
    sk: 'Entita nebola nájdená, nedá sa upraviť alebo nemáte oprávnenie na jej získanie.',
  },
  EMAIL_SEND_FAILED: { status: 500, en: 'Error sending the e-mail.', sk: 'Chyba pri odosielaní e-mailu.' },
  VALIDATION_FAILED: { status: 400, en: 'Some values are not valid.', sk: 'Niektoré hodnoty nie sú platné.' },
  MALFORMED_REQUEST: { status: 400, en: 'The request is malformed.', sk: 'Požiadavka má nesprávny formát.' },
  REQUIRED_PARAMETER_MISSING: { status: 400, en: 'A required parameter is missing.', sk: 'Chýba povinný parameter.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, en: 'This content type is not supported.', sk: 'Tento typ obsahu nie je podporovaný.' },
  PAYLOAD_TOO_LARGE: { status: 413, en: 'The request is too large.', sk: 'Požiadavka je príliš veľká.' },
  RATE_LIMITED: { status: 429, en: 'Too many requests, try again later.', sk: 'Príliš veľa požiadaviek, skúste to neskôr.' },
  VERSION_CONFLICT: {
    status: 409,
    en: 'Someone else changed this in the meantime; the current state is shown.',
    sk: 'Medzitým to zmenil niekto iný; zobrazuje sa aktuálny stav.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    en: 'The Idempotency-Key header is not valid: 8 to 128 letters, digits or the characters - _ . :',
    sk: 'Hlavička Idempotency-Key nie je platná: 8 až 128 písmen, číslic alebo znakov - _ . :',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    en: 'This Idempotency-Key was already used for a different request.',
    sk: 'Tento Idempotency-Key už bol použitý pre inú požiadavku.',
  },

  // User
  USER_CANNOT_BE_CREATED: { status: 400, en: 'The user cannot be created.', sk: 'Používateľa nie je možné vytvoriť.' },
  USER_CANNOT_BE_UPDATED: { status: 400, en: 'The user cannot be updated.', sk: 'Používateľa nie je možné upraviť.' },
  USER_CANNOT_BE_DELETED: { status: 409, en: 'The user cannot be deleted.', sk: 'Používateľa nie je možné vymazať.' },
  SEARCH_TOO_SHORT: { status: 400, en: 'Type at least 3 characters of a name, or a whole e-mail address, to search.', sk: 'Na vyhľadávanie zadajte aspoň 3 znaky mena alebo celú e-mailovú adresu.' },
  USER_NOT_FOUND: { status: 404, en: 'The user was not found.', sk: 'Používateľ nebol nájdený.' },
  USER_NO_RIGHTS_TO_GET: { status: 403, en: 'You have no rights to get this user.', sk: 'Nemáte oprávnenie získať tohto používateľa.' },
  USER_NO_RIGHTS_TO_DELETE: { status: 403, en: 'You have no rights to delete this user.', sk: 'Nemáte oprávnenie vymazať tohto používateľa.' },
  EMAIL_ALREADY_IN_USE: { status: 409, en: 'This e-mail is already in use.', sk: 'Tento e-mail sa už používa.' },
  EMAIL_NOT_REGISTERED: { status: 404, en: 'This e-mail is not registered, please register.', sk: 'Tento e-mail nie je zaregistrovaný, prosím zaregistrujte sa.' },
  RACER_EMAIL_ALREADY_REGISTERED: { status: 409, en: 'A racer with this e-mail is already registered.', sk: 'Pretekár s týmto e-mailom je už prihlásený.' },
  NOT_ORGANIZATION_MEMBER: { status: 403, en: 'The user is not a member of the organization.', sk: 'Používateľ nie je členom organizácie.' },
  ACCOUNT_DEACTIVATED: { status: 403, en: 'The account is deactivated.', sk: 'Účet je deaktivovaný.' },
  ACCOUNT_DELETED: { status: 403, en: 'The account was deleted, contact the administrator.', sk: 'Účet bol vymazaný, kontaktujte administrátora.' },

  // Organization, event, race, age category
  ORGANIZATION_CANNOT_BE_CREATED: { status: 400, en: 'The organization cannot be created.', sk: 'Organizáciu nie je možné vytvoriť.' },
  ORGANIZATION_CANNOT_BE_UPDATED: { status: 400, en: 'The organization cannot be updated.', sk: 'Organizáciu nie je možné upraviť.' },
  ORGANIZATION_CANNOT_BE_DELETED: { status: 409, en: 'The organization cannot be deleted.', sk: 'Organizáciu nie je možné vymazať.' },
  ORGANIZATION_NOT_FOUND: { status: 404, en: 'The organization was not found.', sk: 'Organizácia nebola nájdená.' },
  EVENT_CANNOT_BE_CREATED: { status: 400, en: 'The event cannot be created.', sk: 'Podujatie nie je možné vytvoriť.' },
  EVENT_CANNOT_BE_UPDATED: { status: 400, en: 'The event cannot be updated.', sk: 'Podujatie nie je možné upraviť.' },
  EVENT_CANNOT_BE_DELETED: { status: 409, en: 'The event cannot be deleted.', sk: 'Podujatie nie je možné vymazať.' },
  EVENT_NOT_FOUND: { status: 404, en: 'The event was not found.', sk: 'Podujatie nebolo nájdené.' },
  EVENT_ONGOING_OR_FINISHED: { status: 409, en: 'Ongoing or finished events cannot be deleted.', sk: 'Prebiehajúce alebo ukončené podujatia nie je možné vymazať.' },
  EVENT_HAS_FINISHED_RACE: { status: 409, en: 'An event with a finished race cannot be deleted.', sk: 'Podujatie s ukončeným pretekom nie je možné vymazať.' },
  RACE_CANNOT_BE_CREATED: { status: 400, en: 'The race cannot be created.', sk: 'Preteky nie je možné vytvoriť.' },
  RACE_CANNOT_BE_UPDATED: { status: 400, en: 'The race cannot be updated.', sk: 'Preteky nie je možné upraviť.' },
  RACE_CANNOT_BE_DELETED: { status: 409, en: 'The race cannot be deleted.', sk: 'Preteky nie je možné vymazať.' },
  RACE_NOT_FOUND: { status: 404, en: 'The race was not found.', sk: 'Preteky neboli nájdené.' },
  AGE_CATEGORY_CANNOT_BE_CREATED: { status: 400, en: 'The age category cannot be created.', sk: 'Vekovú kategóriu nie je možné vytvoriť.' },
  AGE_CATEGORY_CANNOT_BE_UPDATED: { status: 400, en: 'The age category cannot be updated.', sk: 'Vekovú kategóriu nie je možné upraviť.' },
  AGE_CATEGORY_CANNOT_BE_DELETED: { status: 409, en: 'The age category cannot be deleted.', sk: 'Vekovú kategóriu nie je možné vymazať.' },
  AGE_CATEGORY_NOT_FOUND: { status: 404, en: 'The age category was not found.', sk: 'Veková kategória nebola nájdená.' },

  // Race
  RACE_ALREADY_FINISHED: { status: 409, en: 'The race is already finished.', sk: 'Preteky sú už ukončené.' },
  RACE_REGISTRATION_NOT_OPENED: { status: 409, en: 'Registration for this race is not open.', sk: 'Registrácia na tieto preteky nie je otvorená.' },
  RACE_REGISTRATION_CLOSED: { status: 409, en: 'Registration for this race is closed.', sk: 'Registrácia na tieto preteky je uzavretá.' },
  RACE_REGISTRATION_PERIOD_FINISHED: { status: 409, en: 'The registration period has finished.', sk: 'Obdobie registrácie skončilo.' },
  RACE_FULL: { status: 409, en: 'The race is full.', sk: 'Preteky sú naplnené.' },
  ALREADY_REGISTERED: { status: 409, en: 'This racer already has a registration for this race.', sk: 'Tento pretekár už má registráciu na tieto preteky.' },
  NO_FITTING_AGE_CATEGORY: { status: 400, en: 'The racer does not fit any age category of this race.', sk: 'Pretekár nespadá do žiadnej vekovej kategórie týchto pretekov.' },
  AGE_CATEGORY_DOES_NOT_FIT: {
    status: 400,
    en: "The racer's age in this race (race year minus birth year) is outside the age range of the chosen category; choose a category of the race whose range includes it.",
    sk: 'Vek pretekára v týchto pretekoch (rok pretekov mínus rok narodenia) je mimo vekového rozsahu zvolenej kategórie; zvoľte kategóriu pretekov, ktorej rozsah ho zahŕňa.',
  },
  RACE_ONLY_FOR_WOMEN: { status: 400, en: 'This race is only for women.', sk: 'Tieto preteky sú len pre ženy.' },
  RACE_ONLY_FOR_MEN: { status: 400, en: 'This race is only for men.', sk: 'Tieto preteky sú len pre mužov.' },
  RACER_NUMBER_EXISTS: { status: 409, en: 'This racer number already exists.', sk: 'Toto štartové číslo už existuje.' },
  QUALIFICATION_GROUP_NOT_VALID: {
    status: 400,
    en: "The qualification group cannot take this racer: it must be a group of this race, open for registration (a late entry at the desk: not yet closed), for the racer's sex, and an internal group only for the organiser's members.",
    sk: 'Kvalifikačná skupina nemôže prijať tohto pretekára: musí to byť skupina tohto preteku otvorená na registráciu (neskorý príchod pri stole: ešte neuzavretá), pre pohlavie pretekára a interná skupina len pre členov organizátora.',
  },
  QUALIFICATION_GROUP_CANNOT_BE_REMOVED: { status: 409, en: 'The qualification group cannot be removed.', sk: 'Kvalifikačnú skupinu nie je možné odstrániť.' },
  SELF_CHECK_IN_NOT_OPEN: {
    status: 409,
    en: 'You cannot confirm your presence yet: check-in opens shortly before the race (or at the desk).',
    sk: 'Prítomnosť zatiaľ nemôžete potvrdiť: potvrdenie sa otvára krátko pred pretekmi (alebo pri registračnom stole).',
  },
  SELF_CHECK_IN_CLOSED: {
    status: 409,
    en: 'You can no longer confirm your presence yourself; please check in at the desk.',
    sk: 'Prítomnosť už nemôžete potvrdiť sami; prihláste sa pri registračnom stole.',
  },
  CHECK_IN_CODE_OTHER_RACE: {
    status: 409,
    en: 'This check-in code is of another race of this event: switch the desk to that race.',
    sk: 'Tento kód je z iných pretekov tohto podujatia: prepnite stôl na tie preteky.',
  },
  CHECK_IN_CODE_INVALID: {
    status: 404,
    en: 'This check-in code does not belong to any racer of this race.',
    sk: 'Tento kód nepatrí žiadnemu pretekárovi týchto pretekov.',
  },
  REGISTRATION_STATE_CANNOT_BE_CHANGED: { status: 409, en: 'The registration status cannot be changed.', sk: 'Stav registrácie nie je možné zmeniť.' },
  REGISTRATION_CANNOT_BE_REMOVED: {
    status: 409,
    en: 'The registration cannot be removed after the registration period ended.',
    sk: 'Registráciu nie je možné zrušiť po skončení obdobia registrácie.',
  },
  GROUP_HAS_RESULTS: {
    status: 409,
    en: 'The group cannot go back while its rounds have results. To take it back, first restart its rounds on the Rounds page (a restart erases what was entered in them).',
    sk: 'Skupina sa nemôže vrátiť späť, kým majú jej kolá výsledky. Ak ju chcete vrátiť, najprv na stránke Kolá reštartujte jej kolá (reštart vymaže, čo sa v nich zadalo).',
  },
  ROUND_CANNOT_BE_REOPENED: {
    status: 409,
    en: 'This cannot be reopened because a round of a later stage has already started. To reopen it, first restart the rounds of the later stage on the Rounds page (a restart erases what was entered in them).',
    sk: 'Toto nie je možné znovu otvoriť, pretože kolo neskoršej etapy sa už začalo. Ak to chcete znovu otvoriť, najprv na stránke Kolá reštartujte kolá neskoršej etapy (reštart vymaže, čo sa v nich zadalo).',
  },
  SPEED_FINALS_STARTED: {
    status: 409,
    en: "The speed finals have started (a match already has a result) and their bracket was drawn from the ranking of the stage before, so that stage can no longer be reopened. To correct a match, enter it again on the speed judge's screen (Scorecard, Final); once the race is finished, first reopen the race for a correction, then reopen the match on the rounds page.",
    sk: 'Finále v rýchlosti sa už začalo (dvojica už má výsledok) a jeho pavúk vznikol z poradia predchádzajúcej etapy, preto ju už nie je možné znovu otvoriť. Dvojicu opravíte tak, že ju znovu zadáte na obrazovke rozhodcu rýchlosti (Bodovací hárok, Finále); po skončení pretekov najprv znovu otvorte preteky na opravu a potom dvojicu znovu otvorte na stránke kôl.',
  },
  SPEED_BRACKET_TOO_SMALL: {
    status: 409,
    en: 'The speed finals need at least 4 racers with a valid time and no false start, and at least 4 racers in the final in the race settings. Finish the race on the qualification ranking instead.',
    sk: 'Finále v rýchlosti potrebuje aspoň 4 pretekárov s platným časom a bez chybného štartu a aspoň 4 pretekárov vo finále v nastaveniach preteku. Namiesto toho ukončite pretek podľa poradia v kvalifikácii.',
  },
  SPEED_BRACKET_POSSIBLE: {
    status: 409,
    en: 'Enough racers have a valid time for a speed final of at least 4: start the final instead of finishing on the qualification ranking.',
    sk: 'Dosť pretekárov má platný čas na finále v rýchlosti aspoň pre 4: namiesto ukončenia podľa kvalifikácie spustite finále.',
  },
  SPEED_MATCH_TIE: {
    status: 409,
    en: 'Both racers have the same time; rerun the match and enter the times of the rerun.',
    sk: 'Obaja pretekári majú rovnaký čas; zopakujte beh a zadajte časy z opakovaného behu.',
  },
  SPEED_MATCH_NO_VALID_RUN: {
    status: 409,
    en: 'Neither racer has a run that decides the match (both fell or both false-started); rerun the match.',
    sk: 'Ani jeden pretekár nemá beh, ktorý rozhoduje dvojicu (obaja spadli alebo obaja predčasne štartovali); zopakujte beh.',
  },
  SPEED_FINAL_ROUND_BY_MATCH: {
    status: 409,
    en: 'Runs of the speed finals belong to their matches; correct the match instead of changing the round.',
    sk: 'Behy finále v rýchlosti patria k ich dvojiciam; namiesto zmeny kola opravte dvojicu.',
  },
  SPEED_NEXT_MATCH_STARTED: {
    status: 409,
    en: 'The correction changes the winner, but the next match it feeds already has a result, so the bracket cannot follow it. Only a correction that keeps the winner can be entered.',
    sk: 'Oprava mení víťaza, ale nasledujúca dvojica, do ktorej postupuje, už má výsledok, takže pavúk ju nemôže prevziať. Zadať sa dá len oprava, ktorá víťaza zachová.',
  },
  ROUND_CLOSED: { status: 409, en: 'The round is closed and cannot be edited.', sk: 'Kolo je uzavreté a nie je možné ho upravovať.' },
  STAGE_CLOSED: { status: 409, en: 'The stage is closed and cannot be edited.', sk: 'Etapa je uzavretá a nie je možné ju upravovať.' },
  INVALID_RACE_STATE_UPDATE: { status: 409, en: 'Invalid race state update.', sk: 'Neplatná zmena stavu pretekov.' },
  DISCIPLINE_UNSUPPORTED: { status: 400, en: 'Lead and speed are currently unsupported.', sk: 'Lezenie na obtiažnosť a rýchlosť zatiaľ nie sú podporované.' },
  ONLINE_REGISTRATION_IN_PROGRESS: {
    status: 409,
    en: 'Online registration is already in progress, so the event is already public.',
    sk: 'Online registrácia už prebieha, podujatie je teda už verejné.',
  },
  FILE_NOT_IMAGE: { status: 400, en: 'The file should be an image.', sk: 'Súbor by mal byť obrázok.' },
  FILE_TYPE_NOT_ALLOWED: { status: 400, en: 'This file type is not allowed.', sk: 'Tento typ súboru nie je povolený.' },
  LOGO_UPLOAD_FAILED: { status: 400, en: 'The logo upload failed.', sk: 'Nahratie loga zlyhalo.' },
  ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS: {
    status: 400,
    en: 'Zone attempts must not exceed top attempts.',
    sk: 'Počet pokusov na zónu nesmie byť vyšší ako počet pokusov na top.',
  },

  // Accounts, organizations, members and invitations
  PASSWORD_RESET_TOKEN_INVALID: {
    status: 400,
    en: 'The password reset link is not valid or has expired. Ask for a new one.',
    sk: 'Odkaz na obnovenie hesla nie je platný alebo jeho platnosť vypršala. Požiadajte o nový.',
  },
  MEMBER_ALREADY_EXISTS: { status: 409, en: 'The user is already a member of the organization.', sk: 'Používateľ je už členom organizácie.' },
  MEMBER_NOT_FOUND: { status: 404, en: 'The member was not found.', sk: 'Člen nebol nájdený.' },
  MEMBER_PASSWORD_ALREADY_SET: {
    status: 409,
    en: 'The member has already set a password; they can use "Forgot password" if they lost it.',
    sk: 'Člen si už heslo nastavil; ak ho zabudol, použije „Zabudnuté heslo“.',
  },
  EMAIL_CHANGE_TOKEN_INVALID: {
    status: 400,
    en: 'The e-mail confirmation link is not valid or has expired. Change the e-mail in your profile again.',
    sk: 'Odkaz na potvrdenie e-mailu nie je platný alebo jeho platnosť vypršala. Zmeňte e-mail v profile znova.',
  },
  EMAIL_CHANGE_RATE_LIMITED: {
    status: 429,
    en: 'At most 5 e-mail changes can be requested per hour. Try again later.',
    sk: 'O zmenu e-mailu možno požiadať najviac 5-krát za hodinu. Skúste to neskôr.',
  },
  INVITATION_ORGANIZATION_RATE_LIMITED: {
    status: 429,
    en: 'An organization can send at most 50 invitations an hour (invitations, membership offers and new member accounts). Try again later.',
    sk: 'Organizácia môže poslať najviac 50 pozvánok za hodinu (pozvánky, ponuky členstva a nové členské účty). Skúste to neskôr.',
  },
  INVITATION_SENDER_RATE_LIMITED: {
    status: 429,
    en: 'You can send at most 20 invitations an hour (invitations, membership offers and new member accounts). Try again later.',
    sk: 'Môžete poslať najviac 20 pozvánok za hodinu (pozvánky, ponuky členstva a nové členské účty). Skúste to neskôr.',
  },
  CONTACT_RATE_LIMITED: {
    status: 429,
    en: 'At most 5 contact messages an hour can be sent from one e-mail address or one network. Try again later.',
    sk: 'Z jednej e-mailovej adresy alebo jednej siete možno poslať najviac 5 správ za hodinu. Skúste to neskôr.',
  },
  SET_PASSWORD_LINK_RATE_LIMITED: {
    status: 429,
    en: 'At most 3 password links can be sent to one member per hour. Try again later.',
    sk: 'Jednému členovi možno poslať najviac 3 odkazy na nastavenie hesla za hodinu. Skúste to neskôr.',
  },
  LAST_ORGANIZATION_ADMIN: {
    status: 409,
    en: 'The organization must keep at least one active admin.',
    sk: 'Organizácia musí mať aspoň jedného aktívneho administrátora.',
  },
  ORGANIZATION_INACTIVE: { status: 409, en: 'The organization is not active.', sk: 'Organizácia nie je aktívna.' },
  INVITATION_NOT_FOUND: { status: 404, en: 'The invitation was not found.', sk: 'Pozvánka nebola nájdená.' },
  CUP_RANK_CATEGORY_NOT_FOUND: { status: 404, en: 'The cup rank category was not found.', sk: 'Bodovacia kategória pohára nebola nájdená.' },
  CUP_RANK_CATEGORY_CANNOT_BE_DELETED: {
    status: 409,
    en: 'The cup rank category is used by a cup and cannot be deleted.',
    sk: 'Bodovaciu kategóriu používa pohár, nie je možné ju vymazať.',
  },
  FILE_NOT_FOUND: { status: 404, en: 'The file was not found.', sk: 'Súbor nebol nájdený.' },
  CONFLICT: { status: 409, en: 'The change conflicts with existing data.', sk: 'Zmena je v rozpore s existujúcimi údajmi.' },

  // Events, races, registrations and starting lists
  EVENT_NEEDS_RACE: { status: 400, en: 'An event needs at least one race.', sk: 'Podujatie musí mať aspoň jedny preteky.' },
  INVALID_RACE_FORMAT_PARAMETERS: {
    status: 400,
    en: 'The race format parameters are not valid.',
    sk: 'Parametre formátu pretekov nie sú platné.',
  },
  RACER_NUMBERS_IN_USE: {
    status: 409,
    en: 'The qualification has started: judges and printed lists use the racers\' numbers, so they cannot all be numbered anew. Change one racer\'s number instead.',
    sk: 'Kvalifikácia sa začala: rozhodcovia aj vytlačené listiny používajú čísla pretekárov, preto ich nemožno prečíslovať všetky. Zmeňte číslo jednému pretekárovi.',
  },
  RACE_SETTINGS_HIDE_SCORES: {
    status: 409,
    en: 'Scores are already entered on boulders, routes or stages that these settings leave out; keep at least the counts named, or delete those scores first.',
    sk: 'Na boulderoch, cestách alebo v kolách, ktoré tieto nastavenia vynechávajú, sú už zapísané výsledky; ponechajte aspoň uvedené počty alebo tie výsledky najprv vymažte.',
  },
  INVALID_ADVANCING_COUNT: { status: 400, en: 'The advancing count is not valid.', sk: 'Počet postupujúcich nie je platný.' },
  QUALIFICATION_GROUP_NOT_FOUND: { status: 404, en: 'The qualification group was not found.', sk: 'Kvalifikačná skupina nebola nájdená.' },
  REGISTRATION_NOT_FOUND: { status: 404, en: 'The registration was not found.', sk: 'Registrácia nebola nájdená.' },
  ONLINE_REGISTRATION_DISABLED: {
    status: 409,
    en: 'This event does not take online registrations; contact the organizer.',
    sk: 'Toto podujatie neprijíma online registrácie; kontaktujte organizátora.',
  },
  UNREGISTERED_REGISTRATION_NOT_ALLOWED: {
    status: 403,
    en: 'This event does not allow registration without an account; log in first.',
    sk: 'Toto podujatie neumožňuje registráciu bez účtu; najprv sa prihláste.',
  },
  RACER_PROFILE_INCOMPLETE: {
    status: 400,
    en: 'The racer profile lacks the sex or the birthday this race needs.',
    sk: 'V profile pretekára chýba pohlavie alebo dátum narodenia, ktoré tieto preteky vyžadujú.',
  },
  REGISTRATION_IN_QUALIFICATION: {
    status: 409,
    en: 'The racer is already in qualification; reopen the group first.',
    sk: 'Pretekár je už v kvalifikácii; najprv znovu otvorte skupinu.',
  },
  SEX_DOES_NOT_FIT_GROUP: {
    status: 409,
    en: "The racer's qualification group is for the other sex and already climbs: the sex cannot change there. Reopen the group first (the racer then goes to a group that fits), or remove the registration and register the racer again.",
    sk: 'Kvalifikačná skupina pretekára je pre druhé pohlavie a už lezie: pohlavie sa v nej zmeniť nedá. Najprv znovu otvorte skupinu (pretekár potom prejde do skupiny, ktorá mu zodpovedá), alebo registráciu odstráňte a pretekára zaregistrujte znova.',
  },
  REGISTRATION_HAS_RESULTS: {
    status: 409,
    en: 'Scores are already entered for this racer, so they stay in the starting order. To take them out, restart their round on the rounds page (it erases the scores) first.',
    sk: 'Pretekár už má zapísané výsledky, preto zostáva v štartovom poradí. Ak ho chcete vyradiť, najprv na stránke kôl reštartujte jeho kolo (výsledky sa vymažú).',
  },
  JUDGE_ACCOUNT_NOT_FOUND: { status: 404, en: 'The judge account was not found.', sk: 'Rozhodcovský účet nebol nájdený.' },

  // Operations
  METRICS_NOT_ENABLED: { status: 404, en: 'Metrics are not enabled on this server.', sk: 'Metriky nie sú na tomto serveri zapnuté.' },
  METRICS_TOKEN_INVALID: { status: 401, en: 'The metrics token is missing or wrong.', sk: 'Token pre metriky chýba alebo je nesprávny.' },

  // Cups
  CUP_NOT_FOUND: { status: 404, en: 'The cup was not found.', sk: 'Pohár nebol nájdený.' },
  CUP_CANNOT_BE_CREATED: { status: 400, en: 'The cup cannot be created.', sk: 'Pohár nie je možné vytvoriť.' },
  CUP_CANNOT_BE_UPDATED: { status: 400, en: 'The cup cannot be updated.', sk: 'Pohár nie je možné upraviť.' },
  CUP_CATEGORY_NOT_FOUND: { status: 404, en: 'The cup category was not found.', sk: 'Kategória pohára nebola nájdená.' },
  CUP_CATEGORY_RACE_NOT_FOUND: { status: 404, en: 'The race is not in this cup category.', sk: 'Preteky nie sú v tejto kategórii pohára.' },
  CUP_RACE_ALREADY_ADDED: { status: 409, en: 'The race is already in this cup category.', sk: 'Preteky už sú v tejto kategórii pohára.' },
  CUP_RACE_NOT_ALLOWED: {
    status: 400,
    en: "The race cannot be added: its discipline is not one of the cup's, or its event is not public.",
    sk: 'Preteky nie je možné pridať: ich disciplína nie je disciplínou pohára alebo ich podujatie nie je verejné.',
  },
};

export type Language = 'sk' | 'en';

export const errorMessage = (code: ErrorCode, language: Language): string => ERROR_CATALOGUE[code][language];

export const errorStatus = (code: ErrorCode): ErrorStatus => ERROR_CATALOGUE[code].status;
