import { Alert, Loader, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { translateError } from '../../../lib/translate-error';
import { clockLocale } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { useRoundAudit } from '../api/round-audit';
import { auditChangeSummary, type AuditLabels } from '../model/audit-summary';
import { runLabel, runValue } from '../model/speed-entry';

interface AuditDialogProps {
  racerId: number;
  roundId: number;
  racerName: string;
  onClose: () => void;
}

/** The audit trail of one racer's round: who changed what and when, newest first. */
export function AuditDialog({ racerId, roundId, racerName, onClose }: AuditDialogProps) {
  const { t, i18n } = useTranslation();
  const audit = useRoundAudit(racerId, roundId);
  const language = currentLanguage(i18n);
  const time = new Intl.DateTimeFormat(clockLocale(language), { dateStyle: 'short', timeStyle: 'medium' });
  // Speed runs of one route each, first attempts only: lanes A and B of a world-cup qualification.
  const lanes = (audit.data ?? []).every((entry) => !Array.isArray(entry.after) || (entry.after as { attemptIndex?: unknown; routeIndex?: unknown }[]).every((run) => run.attemptIndex === undefined || (run.attemptIndex === 0 && Number(run.routeIndex) <= 1)));
  const labels: AuditLabels = {
    boulder: (number) => t('scorecard.boulderShort', { number }),
    route: (number) => t('scorecard.routeTitle', { number }),
    run: (routeIndex, attemptIndex) => runLabel(t, { routeIndex, attemptIndex }, lanes),
    state: (state) => t(`rounds.state.${state}`, { defaultValue: state }),
    runMark: (run) => runValue(t, run, language),
  };

  return (
    <Modal opened onClose={onClose} title={t('rounds.auditTitle', { name: racerName })} size="xl" closeButtonProps={{ 'aria-label': t('scorecard.dismiss') }}>
      {audit.isPending && <Loader role="progressbar" aria-label={t('app.loading')} />}
      {audit.isError && <Alert color="red">{translateError(audit.error, language, t)}</Alert>}
      {audit.isSuccess && audit.data.length === 0 && <Text c="dimmed">{t('rounds.auditEmpty')}</Text>}
      {audit.isSuccess && audit.data.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rounds.auditAt')}</Table.Th>
                <Table.Th>{t('rounds.auditWho')}</Table.Th>
                <Table.Th>{t('rounds.auditAction')}</Table.Th>
                <Table.Th>{t('rounds.auditChange')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {time.format(new Date(entry.at))}
                    {entry.deviceAt && (
                      <Text size="xs" c="dimmed">
                        {t('rounds.auditEnteredAt', { time: time.format(new Date(entry.deviceAt)) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {entry.userName ?? (entry.judgeAccountId !== null ? t('rounds.judgeAccount', { id: entry.judgeAccountId }) : '–')}
                    {entry.deviceId && (
                      <Text size="xs" c="dimmed">
                        {t('rounds.auditDevice', { device: entry.deviceId })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`rounds.auditActions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
                  <Table.Td>{auditChangeSummary(entry.before, entry.after, labels) ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
