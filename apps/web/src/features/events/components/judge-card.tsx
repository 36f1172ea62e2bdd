import { Alert, Button, Code, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../../lib/translation';
import { OrganizationLogos } from '../../../components/ui/organization-logos';
import { PrintPageSetup } from '../../../components/ui/print/print-page-setup';
import { QrCode } from '../../../components/ui/qr-code';
import { scorecardAddress } from '../../scorecard/model/scorecard-address';
import type { EventDetail } from '../api/event';
import { CopyValueButton } from './copy-value-button';
import './judge-card.css';

export interface CreatedJudge {
  login: string;
  password: string;
}

export type JudgeCardEvent = Pick<EventDetail, 'id' | 'name' | 'displayName' | 'organization'> & { races: readonly { id: number; name: string }[] };

/** "All races" in the card's race choice. */
const ALL_RACES = 'all';

/**
 * The judge login just created, with everything the organiser hands to the judge: the login and
 * the password (each with a copy button), the QR code of the scorecard of the judge's race (its
 * address brings the login, never the password) and the printable judge card. The password is
 * shown only here and only now (the server keeps only its hash), so the card is offered with it;
 * while this panel is open, printing the page prints the card (an A4 sheet of its own).
 */
export function CreatedJudgePanel({ event, judge, onClose }: { event: JudgeCardEvent; judge: CreatedJudge; onClose: () => void }) {
  const { t } = useTranslation();
  const [raceChoice, setRaceChoice] = useState(ALL_RACES);
  const races = raceChoice === ALL_RACES ? event.races : event.races.filter((race) => String(race.id) === raceChoice);
  const origin = window.location.origin;
  return (
    <Alert color="yellow" title={t('event.judgeCreated')} withCloseButton onClose={onClose} closeButtonLabel={t('event.closeCreatedJudge')} className="judge-created" data-testid="created-judge">
      <Stack gap="sm">
        <Text size="sm">{t('event.judgeCardHint')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" maw={560}>
          <div>
            <Text size="sm">{t('event.judgeLogin')}</Text>
            <Group gap={4} wrap="nowrap">
              <Code fz="lg" className="judge-secret" data-testid="judge-login">
                {judge.login}
              </Code>
              <CopyValueButton value={judge.login} label={t('event.copyLogin', { login: judge.login })} />
            </Group>
          </div>
          <div>
            <Text size="sm">{t('event.judgePassword')}</Text>
            <Group gap={4} wrap="nowrap">
              <Code fz="lg" className="judge-secret" data-testid="judge-password">
                {judge.password}
              </Code>
              <CopyValueButton value={judge.password} label={t('event.copyPassword')} />
            </Group>
          </div>
        </SimpleGrid>
        <Text size="sm" fw={600}>
          {t('event.judgePasswordOnce')}
        </Text>
        {event.races.length > 1 && (
          <NativeSelect
            label={t('event.cardRace')}
            value={raceChoice}
            onChange={(change) => setRaceChoice(change.currentTarget.value)}
            data={[{ value: ALL_RACES, label: t('event.cardAllRaces') }, ...event.races.map((race) => ({ value: String(race.id), label: race.name }))]}
            maw={360}
          />
        )}
        {races.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: races.length > 1 ? 2 : 1, md: Math.min(races.length, 3) }} spacing="md">
            {races.map((race) => {
              const address = scorecardAddress(origin, race.id, judge.login);
              return (
                <Stack key={race.id} gap={4} align="flex-start">
                  <Text fw={600}>{race.name}</Text>
                  <QrCode value={address} size={168} label={t('event.scorecardQrWithLogin', { race: race.name, login: judge.login })} />
                  <Group gap={4} wrap="nowrap" maw="100%">
                    <Text size="xs" ff="monospace" className="judge-address">
                      {address}
                    </Text>
                    <CopyValueButton value={address} label={t('event.copyAddress', { race: race.name })} />
                  </Group>
                </Stack>
              );
            })}
          </SimpleGrid>
        )}
        <Group>
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {t('event.printJudgeCard')}
          </Button>
        </Group>
      </Stack>
      <JudgeCardSheet event={event} judge={judge} races={races} origin={origin} />
    </Alert>
  );
}

/**
 * The judge card on A4, only on paper: a sheet of its own right under the body (outside the
 * page's frame), which hides everything else when printed (judge-card.css). Event and organiser,
 * the login and the password in large type, how to log in, and each race's scorecard QR code
 * with its address.
 */
export function JudgeCardSheet({ event, judge, races, origin }: { event: JudgeCardEvent; judge: CreatedJudge; races: readonly { id: number; name: string }[]; origin: string }) {
  const { t } = useTranslation();
  const eventName = event.displayName || event.name;
  return createPortal(
    <div className="judge-card-sheet" data-print-page data-testid="judge-card-sheet">
      <PrintPageSetup orientation="portrait" title={`${eventName} · ${t('event.judgeCard.title')}`} />
      <div className="judge-card-head">
        <div>
          <div className="judge-card-event">{eventName}</div>
          <h1 className="judge-card-title">{t('event.judgeCard.title')}</h1>
        </div>
        <OrganizationLogos logo={event.organization.logo} secondaryLogo={event.organization.secondaryLogo} name={event.organization.name} height={56} />
      </div>
      <dl className="judge-card-credentials">
        <dt>{t('event.judgeLogin')}</dt>
        <dd>{judge.login}</dd>
        <dt>{t('event.judgePassword')}</dt>
        <dd>{judge.password}</dd>
      </dl>
      <h2 className="judge-card-subtitle">{t('event.judgeCard.steps')}</h2>
      <ol className="judge-card-steps">
        <li>{t('event.judgeCard.step1')}</li>
        <li>{t('event.judgeCard.step2')}</li>
        <li>{t('event.judgeCard.step3')}</li>
      </ol>
      <div className={races.length > 1 ? 'judge-card-races judge-card-races-many' : 'judge-card-races'}>
        {races.map((race) => {
          const address = scorecardAddress(origin, race.id, judge.login);
          return (
            <div key={race.id} className="judge-card-race">
              <div className="judge-card-race-name">{race.name}</div>
              <QrCode value={address} size={240} label={t('event.scorecardQrWithLogin', { race: race.name, login: judge.login })} />
              <div className="judge-card-address">{address}</div>
            </div>
          );
        })}
      </div>
      <p className="judge-card-keep">{t('event.judgeCard.keep')}</p>
    </div>,
    document.body,
  );
}
