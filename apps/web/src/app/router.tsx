import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RequireLogin } from '../features/auth/components/require-login';
import { ADMIN_ROUTE_HANDLE } from './admin-path';
import { WIDE_PAGE_HANDLE } from './wide-page';
import { AppLayout } from './layout/app-layout';
import { PageLoading } from './layout/page-loading';
import { loadAllTexts, loadJudgeTexts, preloadJudgeTexts } from '../lib/i18n';
import { detectBrowserLanguage } from '../lib/language';
import { parseStageList } from '@climbing/domain';
import { liveStreamUrl, openEarlyStream } from '../lib/early-stream';

/**
 * A page split into its own chunk; the layout's Suspense shows the loading text meanwhile. Unless
 * it needs only the core texts (the live pages, locales/core-groups.ts) or those and the judge's
 * (the scorecard), the rest of the texts is downloaded beside its code before it renders.
 */
const page = <Name extends string, Props extends object = object>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name, texts: 'all' | 'judge' | 'core' = 'all') =>
  lazy(() => Promise.all([load(), texts === 'all' ? loadAllTexts() : texts === 'judge' ? loadJudgeTexts() : undefined]).then(([module]) => ({ default: module[name] })));

const EventsPage = page(() => import('../features/events/pages/events-page'), 'EventsPage');
const CupsPage = page(() => import('../features/cups/pages/cups-page'), 'CupsPage');
const CupDetailPage = page(() => import('../features/cups/pages/cup-detail-page'), 'CupDetailPage');
const CupAdminPage = page(() => import('../features/cups/pages/cup-admin-pages'), 'CupAdminPage');
const NewCupPage = page(() => import('../features/cups/pages/cup-admin-pages'), 'NewCupPage');
const LoginPage = page(() => import('../features/auth/pages/login-page'), 'LoginPage');
const SignUpPage = page(() => import('../features/auth/pages/sign-up-page'), 'SignUpPage');
const ForgotPasswordPage = page(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = page(() => import('../features/auth/pages/confirm-email-page'), 'ConfirmEmailPage');
const SetPasswordPage = page(() => import('../features/auth/pages/reset-password-page'), 'SetPasswordPage');
const ProfilePage = page(() => import('../features/auth/pages/profile-page'), 'ProfilePage');
const MyBoardPage = page(() => import('../features/organizations/pages/my-board-page'), 'MyBoardPage');
const OrganizationsPage = page(() => import('../features/organizations/pages/organizations-page'), 'OrganizationsPage');
const OrganizationDetailPage = page(() => import('../features/organizations/pages/organization-detail-page'), 'OrganizationDetailPage');
const RegisterOrganizationPage = page(() => import('../features/organizations/pages/register-organization-page'), 'RegisterOrganizationPage');
const OrganizationAdminLayout = page(() => import('../features/organizations/components/organization-admin-layout'), 'OrganizationAdminLayout');
const OrganizationSettingsPage = page(() => import('../features/organizations/pages/organization-settings-page'), 'OrganizationSettingsPage');
const AgeCategoriesPage = page(() => import('../features/organizations/pages/age-categories-page'), 'AgeCategoriesPage');
const CupRankCategoriesPage = page(() => import('../features/organizations/pages/cup-rank-categories-page'), 'CupRankCategoriesPage');
const RaceSettingsPage = page(() => import('../features/organizations/pages/race-settings-page'), 'RaceSettingsPage');
const CupSettingsPage = page(() => import('../features/organizations/pages/cup-settings-page'), 'CupSettingsPage');
const AllOrganizationsPage = page(() => import('../features/organizations/pages/all-organizations-page'), 'AllOrganizationsPage');
const MembersPage = page(() => import('../features/members/pages/members-page'), 'MembersPage');
const InvitationsPage = page(() => import('../features/members/pages/invitations-page'), 'InvitationsPage');
const AcceptInvitationPage = page(() => import('../features/members/pages/accept-invitation-page'), 'AcceptInvitationPage');
const OutboxPage = page(() => import('../features/outbox/pages/outbox-page'), 'OutboxPage');
const AboutPage = page(() => import('../features/info/pages/about-page'), 'AboutPage');
const ContactPage = page(() => import('../features/info/pages/contact-page'), 'ContactPage');
const PrivacyPage = page(() => import('../features/info/pages/privacy-page'), 'PrivacyPage');
const loadScorecardPage = () => import('../features/scorecard/pages/scorecard-page');
const ScorecardPage = page(loadScorecardPage, 'ScorecardPage', 'judge');
const RoundsPage = page(() => import('../features/scorecard/pages/rounds-page'), 'RoundsPage');
const ResultsPage = page(() => import('../features/results/pages/results-page'), 'ResultsPage');
const loadLiveListPage = () => import('../features/results/pages/live-list-page');
const LiveListPage = page(loadLiveListPage, 'LiveListPage', 'core');
const loadLiveRacePage = () => import('../features/results/pages/live-race-page');
const LiveRacePage = page(loadLiveRacePage, 'LiveRacePage', 'core');
const loadProjectorPage = () => import('../features/results/pages/projector-page');
const ProjectorPage = page(loadProjectorPage, 'ProjectorPage', 'core');
const EventDetailPage = page(() => import('../features/events/pages/event-detail-page'), 'EventDetailPage');
const NewEventPage = page(() => import('../features/events/pages/new-event-page'), 'NewEventPage');
const EventSettingsPage = page(() => import('../features/events/pages/event-settings-page'), 'EventSettingsPage');
const NewRacePage = page(() => import('../features/events/pages/new-race-page'), 'NewRacePage');
const CheckInDeskPage = page(() => import('../features/events/pages/check-in-desk-page'), 'CheckInDeskPage');
const RaceManagementPage = page(() => import('../features/events/pages/race-management-page'), 'RaceManagementPage');
const StartingListPrintPage = page(() => import('../features/events/pages/starting-list-print-page'), 'StartingListPrintPage');
const OrganizationEventsPage = page(() => import('../features/organizations/pages/organization-events-page'), 'OrganizationEventsPage');

const loggedIn = (element: ReactNode) => <RequireLogin>{element}</RequireLogin>;
const superAdminOnly = (element: ReactNode) => <RequireLogin superAdmin>{element}</RequireLogin>;

/** Paths are listed in docs/web.md. Everything under /admin carries the admin-path flag. */
export const routes: RouteObject[] = [
  // The projector screen fills the whole window: no app header, footer or notices around it.
  {
    path: 'live/race/:raceId/projector',
    element: (
      <Suspense fallback={<PageLoading />}>
        <ProjectorPage />
      </Suspense>
    ),
  },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/events/actual" replace /> },
      { path: 'events/actual', element: <EventsPage period="actual" /> },
      { path: 'events/history', element: <EventsPage period="history" /> },
      { path: 'events/planned', element: <EventsPage period="planned" /> },
      { path: 'events/open-registration', element: <EventsPage period="open-registration" /> },
      { path: 'events/:eventId', element: <EventDetailPage /> },
      { path: 'cups/actual', element: <CupsPage period="actual" /> },
      { path: 'cups/history', element: <CupsPage period="history" /> },
      { path: 'cups/:cupId', element: <CupDetailPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'sign-up', element: <SignUpPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'password-reset', element: <ResetPasswordPage /> },
      { path: 'set-password', element: <SetPasswordPage /> },
      { path: 'confirm-email', element: <ConfirmEmailPage /> },
      { path: 'profile', element: loggedIn(<ProfilePage />) },
      { path: 'my-board', element: loggedIn(<MyBoardPage />) },
      { path: 'organizations', element: <OrganizationsPage /> },
      { path: 'organizations/new', element: loggedIn(<RegisterOrganizationPage />) },
      { path: 'organizations/:organizationId', element: <OrganizationDetailPage /> },
      { path: 'invitation/accept', element: <AcceptInvitationPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      // Judges log in on the scorecard itself (judge logins are not e-mails), so it is not behind RequireLogin.
      { path: 'races/:raceId/scorecard', element: <ScorecardPage /> },
      { path: 'races/:raceId/results', element: <ResultsPage />, handle: WIDE_PAGE_HANDLE },
      { path: 'races/:raceId/starting-list', element: <StartingListPrintPage />, handle: WIDE_PAGE_HANDLE },
      { path: 'live', element: <LiveListPage /> },
      { path: 'live/race/:raceId', element: <LiveRacePage />, handle: WIDE_PAGE_HANDLE },
      {
        path: 'admin',
        handle: ADMIN_ROUTE_HANDLE,
        children: [
          {
            path: 'organization/:organizationId',
            element: loggedIn(<OrganizationAdminLayout />),
            children: [
              { index: true, element: <Navigate to="members" replace /> },
              { path: 'members', element: <MembersPage /> },
              { path: 'invitations', element: <InvitationsPage /> },
              { path: 'settings', element: <OrganizationSettingsPage /> },
              { path: 'age-categories', element: <AgeCategoriesPage /> },
              { path: 'cup-categories', element: <CupRankCategoriesPage /> },
              { path: 'race-settings', element: <RaceSettingsPage /> },
              { path: 'cup-settings', element: <CupSettingsPage /> },
              { path: 'events', element: <OrganizationEventsPage /> },
            ],
          },
          { path: 'organization/:organizationId/events/new', element: loggedIn(<NewEventPage />) },
          { path: 'organization/:organizationId/cups/new', element: loggedIn(<NewCupPage />) },
          { path: 'cups/:cupId', element: loggedIn(<CupAdminPage />) },
          { path: 'events/:eventId', element: loggedIn(<EventSettingsPage />) },
          { path: 'events/:eventId/races/new', element: loggedIn(<NewRacePage />) },
          { path: 'events/:eventId/desk', element: loggedIn(<CheckInDeskPage />) },
          { path: 'races/:raceId', element: loggedIn(<RaceManagementPage />) },
          { path: 'organizations', element: superAdminOnly(<AllOrganizationsPage />) },
          { path: 'outbox', element: superAdminOnly(<OutboxPage />) },
          { path: 'races/:raceId/rounds', element: loggedIn(<RoundsPage />) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** The pages a phone on a slow network opens first: their code is asked for before the texts arrive. */
const EARLY_PAGES: readonly (readonly [RegExp, () => Promise<unknown>])[] = [
  [/^\/live\/race\/\d+\/?$/, loadLiveRacePage],
  [/^\/live\/race\/\d+\/projector\/?$/, loadProjectorPage],
  [/^\/live\/?$/, loadLiveListPage],
  // The scorecard's own texts too (a part of their own, lib/i18n.ts), in the language the app will start in.
  [/^\/races\/\d+\/scorecard\/?$/, () => Promise.all([loadScorecardPage(), preloadJudgeTexts(detectBrowserLanguage())])],
];

/** The live race page and the projector: the stream their first results come on. */
const earlyStreamOf = (pathname: string, search: string): string | null => {
  const live = /^\/live\/race\/(\d+)(\/projector)?\/?$/.exec(pathname);
  if (!live) return null;
  const raceId = Number(live[1]);
  // The projector shows every stage; the live page those of its `stages` parameter.
  return liveStreamUrl(raceId, live[2] ? [] : parseStageList(new URLSearchParams(search).get('stages')));
};

/**
 * Starts downloading the code of the page at `pathname` at once (main.tsx, before the texts and
 * the first render): otherwise the router asks for it only after both, one more round trip on a
 * slow network (issue 14, item 5). The lazy page then finds the module already there. A live
 * page's stream is opened too; the page takes it over with what it has received.
 */
export const preloadPage = (pathname: string, search = ''): void => {
  const early = EARLY_PAGES.find(([path]) => path.test(pathname));
  if (early) void early[1]().catch(() => undefined);
  const stream = earlyStreamOf(pathname, search);
  if (stream) openEarlyStream(stream);
};
