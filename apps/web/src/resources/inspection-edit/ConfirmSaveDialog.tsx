import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { LanguageSelect } from '../inspections/LanguageSelect';
import { languageName, REPORT_LANGUAGES } from '../inspections/languages';
import { touchRadio } from './points/touch';
import { EDIT_TEXT } from './texts';

export interface SaveChoice {
  reuseSignatures: boolean | null;
  sendEmail: boolean;
  /** Issue 20: the language of the e-mailed report and its e-mail text (sent only with sendEmail). */
  emailLanguage?: string;
  /** Saved without finishing (issue 20: required ratings are missing); the inspection stays unfinished. */
  draft?: boolean;
}

/**
 * The confirm-saving modal (000 §5): when the inspection still has a signature saved earlier, SAVE waits until
 * the person says whether to reuse the old signatures; without one, a note says so. Sending the report by e-mail
 * is a separate choice (it needs the customer contact's e-mail address), in a language the person picks: the
 * customer's preselected (issue 20), else the page's. Points still missing a required rating
 * are listed (issue 20): the inspection cannot be finished then, only saved as a draft.
 */
export function ConfirmSaveDialog({ open, hasOldSignatures, contactEmail, sendEmailDefault, customerLanguage = null, pageLanguage = 'en', missingRatings = [], onSave, onCancel }: {
  open: boolean;
  /** The customer's report language (issue 20), null when none is set. */
  customerLanguage?: string | null;
  /** The report language of the page (?lang), preselected when the customer has none. */
  pageLanguage?: string;
  missingRatings?: string[];
  hasOldSignatures: boolean;
  contactEmail: string;
  sendEmailDefault: boolean;
  onSave(choice: SaveChoice): void;
  onCancel(): void;
}) {
  const [reuse, setReuse] = useState<'' | 'yes' | 'no'>('');
  const [sendEmail, setSendEmail] = useState(sendEmailDefault && !!contactEmail.trim());
  const [emailLanguage, setEmailLanguage] = useState(customerLanguage ?? pageLanguage);
  const canSave = !hasOldSignatures || reuse !== '';
  const email = contactEmail.trim();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-save-title" fullWidth maxWidth="sm">
      <DialogTitle id="confirm-save-title">{EDIT_TEXT.confirmTitle}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {missingRatings.length ? (
          <Alert severity="warning" data-testid="missing-ratings">
            {EDIT_TEXT.missingRatings(missingRatings.length)}
            <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
              {missingRatings.map((name, i) => <li key={`${i}-${name}`}>{name}</li>)}
            </Box>
            {EDIT_TEXT.draftText}
          </Alert>
        ) : (
          <DialogContentText>{EDIT_TEXT.confirmText}</DialogContentText>
        )}
        {hasOldSignatures ? (
          <FormControl required>
            <FormLabel id="reuse-signatures">{EDIT_TEXT.reuseQuestion}</FormLabel>
            <RadioGroup aria-labelledby="reuse-signatures" value={reuse} onChange={(e) => setReuse(e.target.value as 'yes' | 'no')}>
              <FormControlLabel value="yes" control={<Radio sx={touchRadio} />} label={EDIT_TEXT.reuseYes} />
              <FormControlLabel value="no" control={<Radio sx={touchRadio} />} label={EDIT_TEXT.reuseNo} />
            </RadioGroup>
          </FormControl>
        ) : (
          <Alert severity="info" data-testid="no-signatures">
            {EDIT_TEXT.noSignatures}
          </Alert>
        )}
        <FormControl>
          <FormControlLabel
            label={EDIT_TEXT.sendEmail}
            disabled={!email}
            control={<Checkbox checked={sendEmail} onChange={(e) => setSendEmail(e.target.checked)} />}
          />
          <FormHelperText sx={{ mt: 0 }}>{email ? EDIT_TEXT.sendEmailTo(email) : EDIT_TEXT.noContactEmail}</FormHelperText>
        </FormControl>
        {sendEmail && (
          <Box>
            <LanguageSelect label={EDIT_TEXT.emailLanguage} value={emailLanguage} onChange={setEmailLanguage} languages={languageChoices(emailLanguage)} width={280} />
            <FormHelperText data-testid="customer-language">
              {customerLanguage ? EDIT_TEXT.customerLanguage(languageName(customerLanguage)) : EDIT_TEXT.noCustomerLanguage}
            </FormHelperText>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{EDIT_TEXT.cancel}</Button>
        <Button
          variant="contained"
          disabled={!canSave}
          onClick={() => onSave({ reuseSignatures: hasOldSignatures ? reuse === 'yes' : null, sendEmail: sendEmail && !!email, ...(sendEmail && email ? { emailLanguage } : {}), draft: missingRatings.length > 0 })}
        >
          {missingRatings.length ? EDIT_TEXT.saveDraftButton : EDIT_TEXT.saveButton}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The report languages, plus the preselected one should the customer's be another (it is shown by its code then). */
const languageChoices = (current: string) =>
  REPORT_LANGUAGES.some((l) => l.code === current) ? REPORT_LANGUAGES : [...REPORT_LANGUAGES, { code: current, name: current }];
