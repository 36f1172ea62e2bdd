import { Button, FileButton, Text } from '@mantine/core';
import { LOGO_MAX_BYTES } from '@climbing/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';

interface ImageUploadButtonProps {
  label: string;
  onUpload: (file: File) => Promise<void>;
}

/** Picks an image (5 MB at most, checked before sending) and uploads it. */
export function ImageUploadButton({ label, onUpload }: ImageUploadButtonProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const handleFile = async (file: File | null) => {
    if (file === null) return;
    if (!file.type.startsWith('image/')) return setProblem('validation.fileNotImage');
    if (file.size > LOGO_MAX_BYTES) return setProblem('validation.fileTooLarge');
    setProblem(null);
    setUploading(true);
    try {
      await onUpload(file);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div>
      <FileButton accept="image/*" onChange={(file) => void handleFile(file)}>
        {(props) => (
          <Button {...props} variant="light" loading={uploading}>
            {label}
          </Button>
        )}
      </FileButton>
      {problem !== null && (
        <Text c="red" size="sm" mt={4} role="alert">
          {t(problem)}
        </Text>
      )}
    </div>
  );
}
