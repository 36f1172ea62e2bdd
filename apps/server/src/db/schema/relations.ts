import { relations } from 'drizzle-orm';
import { addresses } from './addresses.ts';
import { scoreAuditLog } from './audit.ts';
import { invitations, passwordResets, sessions } from './auth.ts';
import { cupCategories, cupCategoryAgeCategories, cupCategoryRaces, cupRankCategories, cups } from './cups.ts';
import { eventAttachments, events, judgeAccounts } from './events.ts';
import { files } from './files.ts';
import { ageCategories, contactPersons, organizations, socialLinks } from './organizations.ts';
import { qualificationGroups, raceAgeCategories, races } from './races.ts';
import { raceRegistrations, racers } from './registrations.ts';
import { boulderScores, leadRoutes, rounds, speedMatches, speedRoutes } from './scoring.ts';
import { organizationMemberships, users } from './users.ts';

/**
 * Relations for Drizzle's relational queries (`db.query.races.findFirst({ with: ... })`). They live
 * in one file because every table module would otherwise import the others (import cycles).
 * Names follow the spec's field names where it has them (round.boulders, race.qualificationGroups).
 */
export const organizationsRelations = relations(organizations, ({ one, many }) => ({
  address: one(addresses, { fields: [organizations.addressId], references: [addresses.id] }),
  logo: one(files, { fields: [organizations.logoId], references: [files.id] }),
  secondaryLogo: one(files, { fields: [organizations.secondaryLogoId], references: [files.id] }),
  socialLinks: many(socialLinks),
  contactPersons: many(contactPersons),
  ageCategories: many(ageCategories),
  cupRankCategories: many(cupRankCategories),
  memberships: many(organizationMemberships),
  events: many(events),
  cups: many(cups),
}));

export const socialLinksRelations = relations(socialLinks, ({ one }) => ({
  organization: one(organizations, { fields: [socialLinks.organizationId], references: [organizations.id] }),
}));

export const contactPersonsRelations = relations(contactPersons, ({ one }) => ({
  organization: one(organizations, { fields: [contactPersons.organizationId], references: [organizations.id] }),
}));

export const ageCategoriesRelations = relations(ageCategories, ({ one, many }) => ({
  organization: one(organizations, { fields: [ageCategories.organizationId], references: [organizations.id] }),
  races: many(raceAgeCategories),
  cupCategories: many(cupCategoryAgeCategories),
}));

export const usersRelations = relations(users, ({ one, many }) => ({
  address: one(addresses, { fields: [users.addressId], references: [addresses.id] }),
  organization: one(organizations, { fields: [users.organizationId], references: [organizations.id] }),
  profilePhoto: one(files, { fields: [users.profilePhotoId], references: [files.id] }),
  memberships: many(organizationMemberships),
  registrations: many(raceRegistrations),
  sessions: many(sessions),
  passwordResets: many(passwordResets),
}));

export const organizationMembershipsRelations = relations(organizationMemberships, ({ one }) => ({
  user: one(users, { fields: [organizationMemberships.userId], references: [users.id] }),
  organization: one(organizations, { fields: [organizationMemberships.organizationId], references: [organizations.id] }),
}));

export const eventsRelations = relations(events, ({ one, many }) => ({
  organization: one(organizations, { fields: [events.organizationId], references: [organizations.id] }),
  address: one(addresses, { fields: [events.addressId], references: [addresses.id] }),
  poster: one(files, { fields: [events.posterId], references: [files.id] }),
  attachments: many(eventAttachments),
  judgeAccounts: many(judgeAccounts),
  races: many(races),
}));

export const eventAttachmentsRelations = relations(eventAttachments, ({ one }) => ({
  event: one(events, { fields: [eventAttachments.eventId], references: [events.id] }),
  file: one(files, { fields: [eventAttachments.fileId], references: [files.id] }),
}));

export const judgeAccountsRelations = relations(judgeAccounts, ({ one, many }) => ({
  event: one(events, { fields: [judgeAccounts.eventId], references: [events.id] }),
  createdBy: one(users, { fields: [judgeAccounts.createdById], references: [users.id] }),
  sessions: many(sessions),
}));

export const racesRelations = relations(races, ({ one, many }) => ({
  event: one(events, { fields: [races.eventId], references: [events.id] }),
  ageCategories: many(raceAgeCategories),
  qualificationGroups: many(qualificationGroups),
  registrations: many(raceRegistrations),
  racers: many(racers),
  rounds: many(rounds),
  speedMatches: many(speedMatches),
  cupCategoryRaces: many(cupCategoryRaces),
}));

export const raceAgeCategoriesRelations = relations(raceAgeCategories, ({ one }) => ({
  race: one(races, { fields: [raceAgeCategories.raceId], references: [races.id] }),
  ageCategory: one(ageCategories, { fields: [raceAgeCategories.ageCategoryId], references: [ageCategories.id] }),
}));

export const qualificationGroupsRelations = relations(qualificationGroups, ({ one, many }) => ({
  race: one(races, { fields: [qualificationGroups.raceId], references: [races.id] }),
  registrations: many(raceRegistrations),
  racers: many(racers),
  rounds: many(rounds),
}));

export const raceRegistrationsRelations = relations(raceRegistrations, ({ one }) => ({
  race: one(races, { fields: [raceRegistrations.raceId], references: [races.id] }),
  user: one(users, { fields: [raceRegistrations.userId], references: [users.id] }),
  qualificationGroup: one(qualificationGroups, {
    fields: [raceRegistrations.qualificationGroupId],
    references: [qualificationGroups.id],
  }),
  racer: one(racers),
}));

export const racersRelations = relations(racers, ({ one, many }) => ({
  race: one(races, { fields: [racers.raceId], references: [races.id] }),
  registration: one(raceRegistrations, { fields: [racers.registrationId], references: [raceRegistrations.id] }),
  qualificationGroup: one(qualificationGroups, { fields: [racers.qualificationGroupId], references: [qualificationGroups.id] }),
  rounds: many(rounds),
}));

export const roundsRelations = relations(rounds, ({ one, many }) => ({
  race: one(races, { fields: [rounds.raceId], references: [races.id] }),
  racer: one(racers, { fields: [rounds.racerId], references: [racers.id] }),
  qualificationGroup: one(qualificationGroups, { fields: [rounds.qualificationGroupId], references: [qualificationGroups.id] }),
  boulders: many(boulderScores),
  routes: many(leadRoutes),
  speedRoutes: many(speedRoutes),
}));

export const boulderScoresRelations = relations(boulderScores, ({ one }) => ({
  round: one(rounds, { fields: [boulderScores.roundId], references: [rounds.id] }),
}));

export const leadRoutesRelations = relations(leadRoutes, ({ one }) => ({
  round: one(rounds, { fields: [leadRoutes.roundId], references: [rounds.id] }),
}));

export const speedRoutesRelations = relations(speedRoutes, ({ one }) => ({
  round: one(rounds, { fields: [speedRoutes.roundId], references: [rounds.id] }),
}));

export const speedMatchesRelations = relations(speedMatches, ({ one }) => ({
  race: one(races, { fields: [speedMatches.raceId], references: [races.id] }),
  racerARound: one(rounds, { fields: [speedMatches.racerARoundId], references: [rounds.id] }),
  racerBRound: one(rounds, { fields: [speedMatches.racerBRoundId], references: [rounds.id] }),
  racerA: one(racers, { fields: [speedMatches.racerAId], references: [racers.id] }),
  racerB: one(racers, { fields: [speedMatches.racerBId], references: [racers.id] }),
  winner: one(racers, { fields: [speedMatches.winnerRacerId], references: [racers.id] }),
}));

export const cupRankCategoriesRelations = relations(cupRankCategories, ({ one, many }) => ({
  organization: one(organizations, { fields: [cupRankCategories.organizationId], references: [organizations.id] }),
  cupCategoryRaces: many(cupCategoryRaces),
}));

export const cupsRelations = relations(cups, ({ one, many }) => ({
  organization: one(organizations, { fields: [cups.organizationId], references: [organizations.id] }),
  categories: many(cupCategories),
}));

export const cupCategoriesRelations = relations(cupCategories, ({ one, many }) => ({
  cup: one(cups, { fields: [cupCategories.cupId], references: [cups.id] }),
  ageCategories: many(cupCategoryAgeCategories),
  races: many(cupCategoryRaces),
}));

export const cupCategoryAgeCategoriesRelations = relations(cupCategoryAgeCategories, ({ one }) => ({
  cupCategory: one(cupCategories, { fields: [cupCategoryAgeCategories.cupCategoryId], references: [cupCategories.id] }),
  ageCategory: one(ageCategories, { fields: [cupCategoryAgeCategories.ageCategoryId], references: [ageCategories.id] }),
}));

export const cupCategoryRacesRelations = relations(cupCategoryRaces, ({ one }) => ({
  cupCategory: one(cupCategories, { fields: [cupCategoryRaces.cupCategoryId], references: [cupCategories.id] }),
  race: one(races, { fields: [cupCategoryRaces.raceId], references: [races.id] }),
  cupRankCategory: one(cupRankCategories, { fields: [cupCategoryRaces.cupRankCategoryId], references: [cupRankCategories.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
  judgeAccount: one(judgeAccounts, { fields: [sessions.judgeAccountId], references: [judgeAccounts.id] }),
}));

export const invitationsRelations = relations(invitations, ({ one }) => ({
  organization: one(organizations, { fields: [invitations.organizationId], references: [organizations.id] }),
  invitedUser: one(users, { fields: [invitations.invitedUserId], references: [users.id] }),
  createdBy: one(users, { fields: [invitations.createdById], references: [users.id] }),
}));

export const passwordResetsRelations = relations(passwordResets, ({ one }) => ({
  user: one(users, { fields: [passwordResets.userId], references: [users.id] }),
}));

export const scoreAuditLogRelations = relations(scoreAuditLog, ({ one }) => ({
  race: one(races, { fields: [scoreAuditLog.raceId], references: [races.id] }),
  round: one(rounds, { fields: [scoreAuditLog.roundId], references: [rounds.id] }),
}));
