/**
 * After a refused submit: scrolls the first field with an error (in page order) into view and puts
 * the cursor in it, so the errors of a long form are never left two screens up. Waits for the
 * errors to be rendered (two frames: the state update, then its paint).
 */
export const focusFirstError = (container: ParentNode | null = document): void => {
  if (container === null) return;
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const invalid = container.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-error]');
      if (invalid === null) return;
      invalid.scrollIntoView({ block: 'center' });
      invalid.focus({ preventScroll: true });
    }),
  );
};

/**
 * A form's submit handler that afterwards brings the first error into view. With no error on the
 * page it does nothing, so it wraps every submit (`<form onSubmit={focusingErrors(submit)}>`).
 */
export const focusingErrors =
  (submit: (event: React.FormEvent<HTMLFormElement>) => void) =>
  (event: React.FormEvent<HTMLFormElement>): void => {
    const form = event.currentTarget;
    submit(event);
    focusFirstError(form);
  };
