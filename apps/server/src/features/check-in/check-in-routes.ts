import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventResource, findRaceWithEvent } from '../events/event-access.ts';
import { findGroup } from '../races/group-state-service.ts';
import { presentRegistrations } from '../registrations/registration-presenter.ts';
import { findRegistration } from '../registrations/registration-repository.ts';
import { registrationSchema } from '../registrations/registration-schemas.ts';
import { idParam } from '../users/user-schemas.ts';
import { checkInByCode, checkInGroup } from './check-in-service.ts';

const tags = ['check-in'];
const secured = { security: [{ bearerAuth: [] }] };
const params = z.object({ id: idParam });

const codeBody = z
  .object({ code: z.string().trim().min(1, 'validation.required').max(64, 'validation.maxSize').describe("The racer's check-in code: the QR's text, or typed (any case, hyphens optional)") })
  .meta({ example: { code: '1234-ABCDE-FGHJK' } });

/**
 * The check-in desk (issue 10): the event's admins (race-registration:manage) mark a whole group
 * present and check racers in by the code of their registration confirmation. Marking one racer is
 * PUT /api/race-registration/{id}/{state}; walk-ins use the registration calls with `present: true`.
 */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/qualification-group/:id/check-in',
    {
      schema: {
        tags,
        summary: 'Mark every racer of the group without a presence yet present (withdrawn ones stay withdrawn); answers how many',
        ...secured,
        params,
        response: { 200: z.object({ checkedIn: z.number().int() }) },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const group = await findGroup(app.db, request.params.id);
      const { event } = await findRaceWithEvent(app.db, group.raceId);
      await app.authorize(request, 'race-registration:manage', eventResource(event), 'QUALIFICATION_GROUP_NOT_FOUND');
      return { checkedIn: await checkInGroup(app, group.id) };
    },
  );

  app.post(
    '/api/race/:id/check-in',
    {
      schema: {
        tags,
        summary: "Check a racer into this race by the code of their registration confirmation (scanned QR or typed); a code of another race of the event is CHECK_IN_CODE_OTHER_RACE with that race (details.raceId, raceName), any other CHECK_IN_CODE_INVALID",
        ...secured,
        params,
        body: codeBody,
        response: { 200: z.object({ alreadyPresent: z.boolean(), registration: registrationSchema }) },
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { event } = await findRaceWithEvent(app.db, request.params.id);
      await app.authorize(request, 'race-registration:manage', eventResource(event), 'RACE_NOT_FOUND');
      const { registrationId, alreadyPresent } = await checkInByCode(app, request.params.id, request.body.code);
      const [registration] = await presentRegistrations(app.db, [await findRegistration(app.db, registrationId)], () => true, app.checkInCodes);
      if (!registration) throw new Error('registration vanished');
      return { alreadyPresent, registration };
    },
  );
};
