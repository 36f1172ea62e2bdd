import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';

/** A password input whose show/hide toggle has a translated accessible label. */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      maxLength={128}
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': t(visible ? 'auth.hidePassword' : 'auth.showPassword') }}
    />
  );
}
