import { useCallback, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import SaveIcon from '@mui/icons-material/Save';
import { hasConfigurator, type TInspectionEdit } from '@insp/contracts';
import { MakeAvailableOffline } from '../../offline-available';
import { trpc } from '../../providers/trpc';
import { ConfirmSaveDialog, type SaveChoice } from './ConfirmSaveDialog';
import { Configurator } from './Configurator';
import { Findings } from './Findings';
import { toEditValues, type EditValues } from './formValues';
import { InfoBox } from './InfoBox';
import { LeaveGuard } from './LeaveGuard';
import { PointsSection } from './PointsSection';
import { PriorityActions } from './PriorityActions';
import { SendingDialog } from './SendingDialog';
import { Signatures } from './Signatures';
import { Texts } from './Texts';
import { EDIT_TEXT } from './texts';
import { inspectionItem, WriteStatus } from '../../offline-queue';
import { EditableContext } from './editable';
import { useSaveInspection } from './useSaveInspection';
import { FormConflictsContext, useFormConflicts } from './conflicts';
import { CONFLICT_TEXT, useMyName } from '../../edit-conflicts';
import { missingRatings } from './requiredRatings';

/** The server's reason without the field it names ('status: a finished …' → 'A finished …'). */
const reason = (message: string) => message.replace(/^\w+: /, '').replace(/^./, (c) => c.toUpperCase());

/**
 * The report edit form (000 §2.8): info box, save button, inspection points, equipment configurator (type
 * Commission), findings, priority actions, summary, comment, internal comment and signatures. Save checks the
 * typed values, opens the confirm-saving modal, then saves through the write module; `onSaved` closes the form.
 */
export function EditForm({ data, lang, onSaved, onSavedOver, onBack, onDiscarded }: {
  data: TInspectionEdit; lang: string; onSaved(saved: TInspectionEdit): void;
  /** Issue 23: a save that replaced someone else's answers keeps the form open on its answer, to say so beside them. */
  onSavedOver?(saved: TInspectionEdit): void;
  onBack(): void; onDiscarded?(): void;
}) {
  const form = useForm<EditValues>({ defaultValues: toEditValues(data) });
  const conflicts = useFormConflicts(data, useMyName());
  const [savedOver, setSavedOver] = useState(false);
  const { save, progress, error, kept, clearError } = useSaveInspection(data, form, lang);
  const [confirming, setConfirming] = useState(0);
  const [invalid, setInvalid] = useState(false);
  const dirty = form.formState.isDirty;
  const saved = useRef(false);
  // Compared when someone leaves rather than taken from formState, which settles a tick after the last keystroke.
  const isUnsaved = useCallback(() => !saved.current && JSON.stringify(form.getValues()) !== JSON.stringify(form.formState.defaultValues), [form]);
  // The server's rules (can): a save it would refuse is not offered; the starter's empty start may be discarded.
  const canSave = data.can?.edit ?? true;
  const discardable = useCallback(() => !saved.current && !!data.can?.discard, [data.can?.discard]);
  // Issue 20: the customer's language and contacts, for those who may save (the server refuses anyone else). Without
  // them (not loaded, refused) the e-mail stays a free text and the page's language is preselected.
  const choices = useQuery({ ...trpc.inspectionEdit.emailChoices.queryOptions({ id: data.id }), enabled: canSave, staleTime: Infinity, retry: false, refetchOnWindowFocus: false });

  const askSave = async () => {
    clearError();
    const ok = await form.trigger();
    setInvalid(!ok);
    if (!ok) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setConfirming((n) => n + 1);
  };
  const onConfirm = async (choice: SaveChoice) => {
    setConfirming(0);
    setSavedOver(false);
    const result = await save(choice);
    if (!result) return;
    if (conflicts.saved(result) && onSavedOver) {
      form.reset(toEditValues(result));
      setSavedOver(true);
      onSavedOver(result);
      return;
    }
    saved.current = true; // the form closes without asking (UnsavedGuard reads this)
    onSaved(result);
  };
  const values = form.watch(['customerSignature', 'providerSignature', 'info.contactEmail']);
  const hasOldSignatures = (!!data.customerSignature && values[0] === data.customerSignature) || (!!data.providerSignature && values[1] === data.providerSignature);

  return (
    <FormProvider {...form}>
      <FormConflictsContext.Provider value={conflicts.value}>
      <Stack spacing={2} component="form" aria-label={EDIT_TEXT.title(data.name)} noValidate onSubmit={(e) => { e.preventDefault(); void askSave(); }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Button startIcon={<BackIcon />} onClick={onBack}>
            {EDIT_TEXT.back}
          </Button>
          <Typography variant="h1" sx={{ flex: 1, minWidth: 200, fontSize: { xs: '1.35rem', md: '1.75rem' } }}>
            {EDIT_TEXT.title(data.name)}
          </Typography>
          <MakeAvailableOffline kind="inspection" id={data.id} />
        </Box>
        {!canSave && (
          <Alert severity="info" data-testid="cannot-save">
            {EDIT_TEXT.cannotSave} {reason(data.can?.editRefusal ?? '')}
          </Alert>
        )}
        {/* Read-only when the server would refuse the save: every native control inside is disabled (issue 20). */}
        <Stack component="fieldset" disabled={!canSave} spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <EditableContext.Provider value={canSave}>
          <InfoBox data={data} contacts={choices.data?.contacts} />
          <PointsSection data={data} />
          {hasConfigurator(data.type) && <Configurator original={data.equipmentConfigurator} />}
          <Findings />
          <PriorityActions />
          <Texts />
          <Signatures data={data} />
          </EditableContext.Provider>
        </Stack>
        {/* Stuck to the bottom of the screen while the form scrolls: in reach of a thumb on a tablet, never under the app
            header. A refused save says why right here, beside Save, where the user is (issue 20). */}
        {canSave && (
          <Box sx={{ position: 'sticky', bottom: 0, zIndex: 3, bgcolor: 'background.paper', py: 1.5, px: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 2, borderTop: 1, borderColor: 'divider', boxShadow: '0 -2px 8px rgba(0,0,0,0.06)' }}>
            {invalid && <Alert severity="error" sx={{ flex: '1 1 280px' }}>{EDIT_TEXT.invalid}</Alert>}
            {error && <Alert severity="error" onClose={clearError} sx={{ flex: '1 1 280px' }} data-testid="save-error">{error}</Alert>}
            {savedOver && !dirty && <Alert severity="warning" sx={{ flex: '1 1 280px' }} data-testid="saved-over">{CONFLICT_TEXT.savedOver}</Alert>}
            {kept && !dirty && <Alert severity="info" sx={{ flex: '1 1 280px' }} data-testid="saved-on-device">{EDIT_TEXT.savedOnDevice}</Alert>}
            <WriteStatus item={inspectionItem(data.id)} refusalShown={!!error} />
            {dirty && <Typography variant="body2" color="text.secondary" data-testid="unsaved-marker">Unsaved changes</Typography>}
            <Button type="submit" variant="contained" size="large" startIcon={<SaveIcon />}>
              {EDIT_TEXT.save}
            </Button>
          </Box>
        )}
      </Stack>
      {!!confirming && (
        <ConfirmSaveDialog
          key={confirming}
          open
          hasOldSignatures={hasOldSignatures}
          contactEmail={values[2]}
          sendEmailDefault={data.sendEmail}
          customerLanguage={choices.data?.language ?? null}
          pageLanguage={lang}
          missingRatings={missingRatings(data, form.getValues())}
          onSave={(c) => void onConfirm(c)}
          onCancel={() => setConfirming(0)}
        />
      )}
      <SendingDialog progress={progress} />
      <LeaveGuard inspectionId={data.id} unsaved={isUnsaved} discardable={discardable} onDiscarded={onDiscarded} />
      </FormConflictsContext.Provider>
    </FormProvider>
  );
}
