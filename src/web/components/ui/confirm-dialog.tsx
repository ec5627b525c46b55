import { useState, type ReactNode } from 'react';
import { copy } from '@/shared/copy';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './dialog';

export interface ConfirmDialogProps {
  /** The control that opens it (a Button). */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Runs on confirmation; the dialog closes when it resolves and stays open (to retry) when it throws. */
  onConfirm(): Promise<unknown> | void;
  /** Extra fields (a reason) between the description and the buttons. */
  children?: ReactNode;
}

/** Asks before an action that cannot be undone, naming what will happen. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, cancelLabel = copy.ui.cancel, destructive, onConfirm, children }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The caller shows the failure (a toast, a field error); the dialog stays for another try.
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{cancelLabel}</Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'default'} busy={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
