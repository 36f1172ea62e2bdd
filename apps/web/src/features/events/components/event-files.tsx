import { ActionIcon, Anchor, Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { ATTACHMENTS_TOTAL_MAX_BYTES } from '@climbing/domain';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { ImageUploadButton } from '../../../components/ui/form/image-upload-button';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { imageUrl, pdfUrl } from '../../../lib/file-url';
import { deleteAttachment, deletePoster, uploadAttachments, uploadPoster, type EventDetail } from '../api/event';

const isAllowedAttachment = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf';

/** Poster (an image, 5 MB) and attachments (images or PDF, 20 MB together), checked before upload. */
export function EventFiles({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['event', event.id] });
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify({ type: 'success', message: t(done) });
    } catch (error) {
      notifyError(error);
    } finally {
      await refresh();
    }
  };

  const attach = async (files: File[]) => {
    if (files.length === 0) return;
    if (!files.every(isAllowedAttachment)) return setProblem('event.attachmentType');
    const kept = event.attachments.reduce((sum, file) => sum + file.size, 0);
    if (kept + files.reduce((sum, file) => sum + file.size, 0) > ATTACHMENTS_TOTAL_MAX_BYTES) return setProblem('validation.attachmentsTooLarge');
    setProblem(null);
    setUploading(true);
    await run(() => uploadAttachments(event.id, files), 'event.attachmentsSaved');
    setUploading(false);
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('event.poster')}
      </Title>
      {event.poster !== null && <Image src={imageUrl(event.poster)} alt={t('event.posterAlt', { name: event.name })} mah={240} w="auto" fit="contain" radius="sm" />}
      <Group gap="xs">
        <ImageUploadButton label={t('event.uploadPoster')} onUpload={(file) => run(() => uploadPoster(event.id, file), 'event.posterSaved')} />
        {event.poster !== null && (
          <Button variant="subtle" color="red" onClick={() => void run(() => deletePoster(event.id), 'event.posterDeleted')}>
            {t('event.deletePoster')}
          </Button>
        )}
      </Group>
      <Title order={2} size="h3">
        {t('event.attachments')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('event.attachmentsHint')}
      </Text>
      <Stack gap={4}>
        {event.attachments.map((file) => (
          <Group key={file.id} gap="xs">
            <Anchor href={file.type.includes('pdf') ? pdfUrl(file.id) : imageUrl(file.id)} target="_blank" rel="noopener">
              {file.name}
            </Anchor>
            <ActionIcon variant="subtle" color="red" aria-label={t('event.deleteAttachment', { name: file.name })} onClick={() => void run(() => deleteAttachment(event.id, file.id), 'event.attachmentDeleted')}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <FileButton multiple accept="image/*,application/pdf" onChange={(files) => void attach(files)}>
        {(props) => (
          <Button {...props} variant="light" loading={uploading} style={{ alignSelf: 'flex-start' }}>
            {t('event.addAttachments')}
          </Button>
        )}
      </FileButton>
      {problem !== null && (
        <Text c="red" size="sm" role="alert">
          {t(problem)}
        </Text>
      )}
    </Stack>
  );
}
