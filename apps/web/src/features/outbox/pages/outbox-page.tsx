import { Accordion, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { clockLocale } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { outboxQuery } from '../api/outbox';

/**
 * Super admin: the e-mail outbox. Without SMTP_URL e-mails are only stored there, so an operator
 * reads invitations and reset links here and passes them on.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useQuery(outboxQuery());
  // A Slovak date and time, or the browser's English one (en-GB 24-hour).
  const dateTime = (value: string) => new Date(value).toLocaleString(clockLocale(currentLanguage(i18n)));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('outbox.title')}</Title>
        <Button variant="light" onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          {t('outbox.refresh')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        {t('outbox.intro')}
      </Text>
      {outbox.isError && <Text c="red">{translateError(outbox.error, currentLanguage(i18n), t)}</Text>}
      {outbox.data?.length === 0 && <Text c="dimmed">{t('outbox.empty')}</Text>}
      {outbox.data !== undefined && outbox.data.length > 0 && (
        <Accordion variant="separated">
          {outbox.data.map((mail) => (
            <Accordion.Item key={mail.id} value={String(mail.id)}>
              <Accordion.Control>
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light">{t(`outbox.kind.${mail.kind}`, { defaultValue: mail.kind })}</Badge>
                  <Text fw={500}>{mail.subject}</Text>
                  <Text size="sm" c="dimmed">
                    {mail.to} · {dateTime(mail.createdAt)}
                  </Text>
                  {mail.sentAt ? <Badge color="green">{t('outbox.sent')}</Badge> : <Badge color="gray">{t('outbox.notSent')}</Badge>}
                  {mail.error && <Badge color="red">{t('outbox.failed')}</Badge>}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }} data-testid="outbox-text">
                  {mail.text}
                </Text>
                {mail.error && (
                  <Text c="red" size="sm" mt="xs">
                    {mail.error}
                  </Text>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
