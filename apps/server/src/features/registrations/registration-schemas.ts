import { z } from 'zod';
import { DISCIPLINES, REGISTRATION_STATES, RACE_STATES, requiredStringSchema, sexSchema } from '@climbing/domain';
import { countryInput } from '../countries/country-schemas.ts';
import { birthdayInput, boundedText, emailInput, idInput } from '../users/user-schemas.ts';

const nameInput = requiredStringSchema.max(100, 'validation.maxSize');
const currentYear = () => new Date().getUTCFullYear();
const birthYearInput = z.number().int().min(1890).max(9999).refine((year) => year <= currentYear(), 'validation.birthYearInFuture');
const groupIdInput = idInput.nullable().optional();
/** The check-in desk registers a walk-in who is standing there: PRESENT at once (the event's admins only, else 403). */
const presentInput = z.boolean().optional().describe("The event's admins only: the racer is present (the check-in desk's walk-in)");

/** POST /api/race-registration/{raceId}/register-unregistered-user/ (spec 7). A birthday or, failing that, a birth year is required. */
export const unregisteredRegistrationBody = z
  .object({
    name: nameInput,
    surname: nameInput,
    email: emailInput.nullable().optional(),
    club: boundedText(200).nullable().optional(),
    sex: sexSchema,
    birthday: birthdayInput.nullable().optional(),
    birthYear: birthYearInput.nullable().optional(),
    country: countryInput.nullable().optional(),
    qualificationGroupId: groupIdInput,
    present: presentInput,
  })
  .refine((body) => Boolean(body.birthday) || Boolean(body.birthYear), { error: 'validation.required', path: ['birthday'] })
  .meta({
    example: { name: 'Jana', surname: 'Horáková', email: 'jana@example.com', club: 'BCB', sex: 'F', birthday: '2004-05-06', country: 'SK', qualificationGroupId: 1 },
  });
export type UnregisteredRegistrationInput = z.infer<typeof unregisteredRegistrationBody>;

/** POST /api/race-registration/{raceId}/user and /register-member (spec 7). Without a group the emptiest open one is taken. */
export const userRegistrationBody = z.object({ userId: idInput, qualificationGroupId: groupIdInput, present: presentInput }).meta({ example: { userId: 2, qualificationGroupId: 1 } });

export const groupBody = z.object({ qualificationGroupId: idInput }).meta({ example: { qualificationGroupId: 2 } });

/** PUT /api/race-registration/{id}/age-category: one of the race's categories that fits the racer's age. */
export const ageCategoryBody = z.object({ ageCategoryId: idInput }).meta({ example: { ageCategoryId: 3 } });

/** Lists of a race filtered to one age category (registrations, starting list, their CSV). */
export const ageCategoryQuery = z.object({ ageCategoryId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

export const regenerateBody = z.object({ offset: z.number().int().min(1).max(100_000).default(1) }).meta({ example: { offset: 100 } });

export const unregisteredUserInput = z.object({
  name: nameInput.optional(),
  surname: nameInput.optional(),
  club: boundedText(200).nullable().optional(),
  sex: sexSchema.optional(),
  country: countryInput.nullable().optional(),
  birthday: birthdayInput.nullable().optional(),
  birthYear: birthYearInput.nullable().optional(),
  email: emailInput.nullable().optional(),
});

/** PUT /api/race-registration/{id} (spec 7): racer number and, for one-time registrations, the person. */
export const updateRegistrationBody = z
  .object({ racerNumber: z.number().int().min(1).max(1_000_000).optional(), unregisteredUser: unregisteredUserInput.optional() })
  .meta({ example: { racerNumber: 17 } });
export type UpdateRegistrationInput = z.infer<typeof updateRegistrationBody>;

export const registrationStateParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), state: z.enum(REGISTRATION_STATES) });

const sex = z.enum(['M', 'F']).nullable();

/** Spec 3 Race registration, with the race it belongs to (for "my races"). Personal details only for the racer and the admins. */
export const registrationSchema = z.object({
  id: z.number().int(),
  raceId: z.number().int(),
  state: z.enum(REGISTRATION_STATES).nullable(),
  racerNumber: z.number().int(),
  date: z.string(),
  qualificationGroupId: z.number().int().nullable(),
  qualificationGroupName: z.string().nullable(),
  /** The race age category the racer is placed into (issue 9); null when the race has none. */
  ageCategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * The race's age categories the racer's age fits (race date and the organisation's season start
   * month), the choices \`PUT .../age-category\` takes; empty when the race has none or the birth
   * year is unknown.
   */
  fittingAgeCategoryIds: z.array(z.number().int()),
  fullName: z.string(),
  /** True once the group moved to qualification (the racer exists). */
  inQualification: z.boolean(),
  /**
   * A score is entered for the racer (any round). Until then the event's admins may take a racer
   * in qualification out of the starting order again (NOT_PRESENT, removal); after it they are
   * refused with REGISTRATION_HAS_RESULTS.
   */
  hasResults: z.boolean(),
  /** Looks like a second entry of the person registered as this id (same name and birth year or e-mail); the event's admins only. */
  possibleDuplicateOf: z.number().int().nullable(),
  /** The racer's check-in code (the QR of the confirmation); only for the racer and the event's admins. */
  checkInCode: z.string().nullable(),
  /** The racer may confirm their own presence now (the race's self check-in window, issue 10). */
  selfCheckInOpen: z.boolean(),
  user: z
    .object({ id: z.number().int(), name: z.string(), surname: z.string(), sex, birthYear: z.number().int().nullable(), country: z.string().nullable(), club: z.string().nullable(), organizationId: z.number().int().nullable() })
    .nullable(),
  unregisteredUser: z
    .object({
      name: z.string(),
      surname: z.string(),
      club: z.string().nullable(),
      sex,
      country: z.string().nullable(),
      birthday: z.string().nullable(),
      birthYear: z.number().int().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  race: z.object({ id: z.number().int(), name: z.string(), state: z.enum(RACE_STATES), discipline: z.enum(DISCIPLINES), startingDate: z.string(), endDate: z.string(), eventId: z.number().int(), eventName: z.string(), eventDisplayName: z.string().nullable() }),
});
export type RegistrationView = z.infer<typeof registrationSchema>;
