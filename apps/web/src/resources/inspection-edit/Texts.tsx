import { EDIT_LIMITS } from '@insp/contracts';
import { FormText } from './FormText';
import { Section } from './Section';
import { EDIT_TEXT } from './texts';

/** Summary, the general comment and the internal comment (000 §2.8), each its own section. */
export function Texts() {
  return (
    <>
      {(
        [
          ['summary', EDIT_TEXT.summary],
          ['comment', EDIT_TEXT.generalComment],
          ['internalComment', EDIT_TEXT.generalInternalComment],
        ] as const
      ).map(([name, title]) => (
        <Section key={name} title={title}>
          <FormText name={name} label={title} multiline minRows={3} maxLength={EDIT_LIMITS.longText} />
        </Section>
      ))}
    </>
  );
}
