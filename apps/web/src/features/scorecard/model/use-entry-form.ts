import { useState } from 'react';

/**
 * The form of one stored entry (a lead route, a speed run, a speed final's match) and the stored
 * version its value rests on, sent with the save (`base`).
 *
 * While the judge has not changed it, the form follows a newer stored value (another judge's entry,
 * a head judge's correction), so the card never shows the judge's old value beside "Another judge
 * changed your entry"; it also follows a newer value equal to what it holds (the judge's own save
 * coming back). A form the judge changed before another judge's value arrived keeps resting on the
 * version it was filled from: its save is a conflict shown with both values, not a silent overwrite
 * (it used to send the newest version the card had seen).
 *
 * `shown`: the value as the card shows it now (stored, with this device's waiting entries on top);
 * `version`: the stored version; `waiting`: an entry of this device waits for it (its version then
 * says nothing of the form); `same`: two forms that save the same value.
 */
export function useEntryForm<Form>(shown: Form, version: number, waiting: boolean, same: (a: Form, b: Form) => boolean): { form: Form; setForm: (form: Form) => void; base: number } {
  const [form, setForm] = useState<Form>(shown);
  const [filled, setFilled] = useState({ from: shown, version, base: version });
  // Only a newer stored version counts (a list read may show an older one for a moment).
  if (!waiting && version > filled.version) {
    const follows = same(form, filled.from) || same(form, shown);
    setFilled({ from: shown, version, base: follows ? version : filled.base });
    if (follows) setForm(shown);
  }
  return { form, setForm, base: filled.base };
}
