import { useState, type MouseEvent, type ReactElement } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useRefresh, useResourceContext } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RenewIcon from '@mui/icons-material/Autorenew';
import MailIcon from '@mui/icons-material/MailOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { TExternalUser } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { useSession } from '../../providers/session';

// spec 002 §2 Distributors: the confirmation texts, word for word.
export const deleteQuestion = (name: string) => `Delete distributor ${name}?`;
export const activateQuestion = (name: string) => `Activate distributor ${name}?`;
// spec 002 §2 login screen: the same question precedes every reset request.
export const sendLinkQuestion = (email: string) => `Send a password reset link to ${email}?`;

/**
 * A row button that asks first; the click never reaches the row (which opens the edit form). Below md (a
 * tablet held upright) it is an icon button named by its label, so the list fits the screen's width.
 */
function ConfirmButton(props: { label: string; question: string; icon: ReactElement; busy: boolean; onConfirm: () => void; color?: 'error' }) {
  const [open, setOpen] = useState(false);
  const iconOnly = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <span onClick={stop}>
      {iconOnly ? (
        <Tooltip title={props.label}>
          <IconButton aria-label={props.label} color={props.color} onClick={() => setOpen(true)} disabled={props.busy}>
            {props.icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button label={props.label} color={props.color} onClick={() => setOpen(true)} disabled={props.busy}>
          {props.icon}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={props.busy}
        title={props.label}
        content={props.question}
        onConfirm={() => {
          setOpen(false);
          props.onConfirm();
        }}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}

export function DeleteRowButton() {
  const record = useRecordContext<TExternalUser>();
  const resource = useResourceContext();
  const notify = useNotify();
  const [remove, { isPending }] = useDelete();
  const { session } = useSession();
  // The server refuses deleting one's own account; do not offer it.
  if (!record || record.id === session.user.id) return null;
  return (
    <ConfirmButton
      label="Delete"
      color="error"
      icon={<DeleteIcon />}
      busy={isPending}
      question={deleteQuestion(record.name)}
      onConfirm={() =>
        remove(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', onError: (e) => notify(shownMessage(e), { type: 'error' }) })
      }
    />
  );
}

/** 002 §4: Activate renews an expired account (the server sets a new expiry date). */
export function ActivateRowButton() {
  const record = useRecordContext<TExternalUser>();
  const refresh = useRefresh();
  const notify = useNotify();
  const activate = useMutation({
    ...trpc.externalUsers.activate.mutationOptions(),
    onSuccess: () => refresh(),
    onError: (e) => notify(shownMessage(e), { type: 'error' }),
  });
  if (!record || record.status !== 'expired') return null;
  return (
    <ConfirmButton
      label="Activate"
      icon={<RenewIcon />}
      busy={activate.isPending}
      question={activateQuestion(record.name)}
      onConfirm={() => activate.mutate({ id: record.id })}
    />
  );
}

/**
 * 002 §2 Distributors: "a set-password entry and a forgot-password action": e-mails the user a link to the
 * set-password screen (the same call as the login screen's forgot-password, which works for both cases).
 */
export function SendPasswordLinkButton() {
  const record = useRecordContext<TExternalUser>();
  const notify = useNotify();
  const send = useMutation({
    ...trpc.auth.forgotPassword.mutationOptions(),
    onSuccess: () => notify(`A password link was sent to ${record?.email}.`, { type: 'info' }),
    onError: (e) => notify(shownMessage(e), { type: 'error' }),
  });
  if (!record) return null;
  return (
    <ConfirmButton
      label="Send password link"
      icon={<MailIcon />}
      busy={send.isPending}
      question={sendLinkQuestion(record.email)}
      onConfirm={() => send.mutate({ id: record.id })}
    />
  );
}
